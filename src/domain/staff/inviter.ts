/*
 * Who an invitation says it is from: the inviter's own name, or the platform's name when they have
 * none of their own (an operator made from the command line is named after their address, and an
 * email "from op" tells the dealer nothing). Pure.
 */
export function inviterName(inviter: { name: string; email: string }, platform: string): string {
  const name = inviter.name.trim();
  const local = inviter.email.split("@")[0]!.trim().toLowerCase();
  return name && name.toLowerCase() !== local ? name : platform;
}

/** The platform's name from the mail sender ("Dealer Platform <no-reply@…>" → "Dealer Platform"). */
export function senderName(mailFrom: string): string {
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return m ? m[1]! : "The dealer platform";
}
