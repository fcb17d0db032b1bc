/**
 * Lambdas that a language's own tools count in the function around them
 * (C# lambdas and anonymous methods, Rust closures): the metrics fold them
 * into that function (`UnitStart.folded`), and the facts read their code as
 * part of it, apart from what only the lambda does (its returns, throws, …).
 */
export const CSHARP_LAMBDAS: ReadonlySet<string> = new Set([
  'lambda_expression',
  'anonymous_method_expression',
]);
export const RUST_CLOSURES: ReadonlySet<string> = new Set(['closure_expression']);
