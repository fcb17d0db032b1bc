// silent: maintainability/magic-number
const HTTP_TOO_MANY_REQUESTS = 429;

export function shouldBackOff(res: { status: number }, attempt: number): boolean {
  return res.status === HTTP_TOO_MANY_REQUESTS && attempt < 2;
}
