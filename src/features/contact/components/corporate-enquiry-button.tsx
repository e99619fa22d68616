/** 'Unternehmensangebot anfragen' button on /atmen. Built by the functions issue. */
export function CorporateEnquiryButton() {
  return null;
}
