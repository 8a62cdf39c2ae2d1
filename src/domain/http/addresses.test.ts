import { describe, expect, test } from "vitest";
import { isPublicAddress, NOT_PUBLIC_MESSAGE, outboundUrlProblem } from "./addresses";

describe("public addresses only (issue 31: SSRF through lead webhooks)", () => {
  test.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["203.0.114.1", true],
    ["127.0.0.1", false],
    ["127.8.9.10", false],
    ["0.0.0.0", false],
    ["10.1.2.3", false],
    ["100.64.0.1", false],
    ["169.254.169.254", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["172.32.0.1", true],
    ["192.168.1.1", false],
    ["198.18.0.1", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::1", false],
    ["[::1]", false],
    ["::", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:8.8.8.8", true],
    ["64:ff9b::a9fe:a9fe", false],
    ["fd00::1", false],
    ["fc12:3456::1", false],
    ["fe80::1%eth0", false],
    ["ff02::1", false],
    ["2001:db8::1", false],
    ["2002:7f00:1::", false],
    ["2606:4700:4700::1111", true],
    ["not an address", false],
    ["999.1.1.1", false],
  ])("%s is public: %s", (ip, pub) => expect(isPublicAddress(ip)).toBe(pub));

  test.each([
    ["https://crm.example.com/hooks/leads", null],
    ["http://8.8.8.8/x", null],
    ["http://127.0.0.1:22/", NOT_PUBLIC_MESSAGE],
    ["http://2130706433/", NOT_PUBLIC_MESSAGE], // 127.0.0.1 written as a number
    ["http://0x7f.1/", NOT_PUBLIC_MESSAGE],
    ["http://[::1]:8080/", NOT_PUBLIC_MESSAGE],
    ["http://[::ffff:169.254.169.254]/", NOT_PUBLIC_MESSAGE],
    ["http://169.254.169.254/latest/meta-data/", NOT_PUBLIC_MESSAGE],
    ["http://localhost:3000/", NOT_PUBLIC_MESSAGE],
    ["http://admin.localhost/", NOT_PUBLIC_MESSAGE],
    ["http://metadata.google.internal/", NOT_PUBLIC_MESSAGE],
    ["http://crm/", NOT_PUBLIC_MESSAGE],
    ["ftp://crm.example.com/", "Enter an http or https address"],
    ["https://user:pw@crm.example.com/", "Put no user name or password in the address"],
  ])("%s → %j", (url, problem) => expect(outboundUrlProblem(url)).toBe(problem));
});
