// expect: security/hardcoded-secret@4
export const githubClient = {
  baseUrl: 'https://api.github.com',
  accessToken: 'ghp_4f9Kq2LmX8vR1tY7uP3sW6zN0bC5dE2hJ9aG',
};
