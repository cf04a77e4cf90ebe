/** The password policy in words, for other features' forms (an entry of its own: it carries zod). */
export { PasswordRules } from './components/password-rules';
