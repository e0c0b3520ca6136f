/** The code-entry pieces (React, MUI) the site's sign-in, sign-up, phone change and booking form and the cabinet's sign-in share. */
export { CodeInput } from './CodeInput';
export { CodeStep, type CodeStepProps } from './CodeStep';
export { PhoneField } from './PhoneField';
