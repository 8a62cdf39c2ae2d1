// s3rver ships no types: the little of it the store's test uses (a local S3-compatible server).
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: Array<{ name: string; configs: unknown[] }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
