/**
 * Proving that the account's e-mail address is the person's own, through Firebase: what the shop keeps under an
 * address alone (contact messages, an ebook request, the e-mails sent to it) is theirs only once it is proven. The
 * auth feature makes one (`features/auth/confirm-email.ts`) and a route hands it to the page that needs it. Each step
 * rejects with `{ message }` in words for the person.
 */
export interface EmailConfirmer {
  /** Has Firebase e-mail a link to `email` that comes back to `returnPath` in this browser. */
  sendLink(email: string, returnPath: string): Promise<void>;
  /** Whether the page was opened from such a link (cheap: Firebase is loaded only when the address looks like one). */
  isLink(href: string): boolean;
  /** Links the address of the link opened at `href` to the Firebase account signed in in this browser, as proven. */
  complete(email: string, href: string): Promise<void>;
}
