/** Newsletter sign-up box shown in the shared layout. Built by the foundation issue. */
export function NewsletterBox() {
  return null;
}
