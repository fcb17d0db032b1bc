// silent: security/hardcoded-secret
export const labels = {
  password: 'Password',
  newPassword: 'New password',
  apiKey: 'API key',
};
