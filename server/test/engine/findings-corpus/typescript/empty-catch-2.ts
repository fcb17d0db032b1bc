// silent: best_practices/empty-catch
export function parseJsonOr<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    console.warn('invalid JSON, using fallback', err);
    return fallback;
  }
}
