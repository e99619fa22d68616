/** Contact form (name, email, subject, message). Built by the functions issue. */
export function ContactForm() {
  return null;
}
