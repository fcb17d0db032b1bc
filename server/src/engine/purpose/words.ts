/** The words of a name, split from camelCase and snake_case, lower case: `genBase58` → `gen base58`. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/^[_$]+|[_$]+$/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]{2,})([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$-]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}
