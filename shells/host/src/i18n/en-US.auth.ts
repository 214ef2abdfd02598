/**
 * The login and logout screens' text, in the first-visit catalogue. The other account screens carry
 * their own (routes/auth/en-US.accounts.ts), loaded with them.
 */
export const enUSAuth = {
  'auth.login.title': 'Log in',
  'auth.login.failed': 'We cannot log you in',
  'auth.login.remote': 'Your account lives on {instance}. You will sign in there, then come back here.',
  'auth.login.onPod': 'Log in on your pod',
  'auth.login.openingPod': 'Opening your pod…',
  'auth.login.username': 'Username or e-mail address',
  'auth.login.password': 'Password',
  'auth.login.submit': 'Log in',
  'auth.login.submitting': 'Logging in…',
  'auth.login.forgot': 'Forgot your password?',
  'auth.login.newHere': 'New here?',
  'auth.login.createAccount': 'Create an account',
  'auth.logout.pending': 'Logging out…',
} as const;
