/**
 * Comments taken out of code the way the engine quotes it, read with a deliberately simple pattern of its
 * own (not the engine's tree): the claim audit and the grounding tests check the engine against it.
 */

/**
 * The code with its comments taken out as the engine quotes an expression (`false /* strict *\/, nil` reads
 * `false, nil`): the spaces before a comment go with it, and after an opening bracket so do the spaces
 * after it (`f(/* cast *\/ x)` reads `f(x)`).
 */
export function withoutComments(code: string): string {
  const comment = String.raw`(?:\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?<=\s)#[^\n]*)`;
  return code
    .replace(new RegExp(String.raw`([([{])[ \t]*${comment}[ \t]*`, 'g'), '$1')
    .replace(new RegExp(String.raw`[ \t]*${comment}`, 'g'), '');
}
