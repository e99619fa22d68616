export const CORPORATE_ENQUIRY_LABEL = 'Unternehmensangebot anfragen';
