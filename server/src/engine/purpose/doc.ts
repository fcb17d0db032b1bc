/**
 * Doc comments: the comment block a unit's author wrote to say what it is
 * for. Reads Python docstrings (the body's first string) and the comments
 * directly above a declaration (JSDoc, Javadoc, KDoc, C# XML docs, rustdoc,
 * Go doc comments, and plain leading comments), and keeps the first sentence
 * of their prose.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { DocComment, DocStyle } from './model.js';

/** Nodes that sit between a declaration and its doc comment without separating them. */
const BETWEEN =
  /^(attribute_item|attribute_list|attribute|decorator|annotation|marker_annotation|modifiers)$/;

/** Wrappers a declaration is written inside, whose own comment above documents it. */
function anchorOf(node: Node): Node {
  let anchor = node;
  for (;;) {
    const parent = anchor.parent;
    if (!parent) return anchor;
    const lift =
      parent.type === 'export_statement' ||
      parent.type === 'decorated_definition' ||
      (parent.type === 'variable_declarator' && anchor.field === 'value') ||
      ((parent.type === 'lexical_declaration' || parent.type === 'variable_declaration') &&
        anchor.type === 'variable_declarator') ||
      (parent.type === 'assignment_expression' && anchor.field === 'right') ||
      (parent.type === 'expression_statement' && anchor.type === 'assignment_expression') ||
      // A function passed to a call (`var f = wrap(function …)`, `app.get('/x', (req, res) => …)`)
      // is documented by the comment above the call, when it starts where the call's arguments do: one
      // further down a call spread over many lines (a second callback) is not what that comment is about.
      (parent.type === 'arguments' &&
        anchor.type !== 'arguments' &&
        anchor.startPosition.row === parent.startPosition.row) ||
      (parent.type === 'call_expression' && anchor.type === 'arguments') ||
      (parent.type === 'expression_statement' && anchor.type === 'call_expression') ||
      (parent.type === 'pair' && anchor.field === 'value') ||
      (parent.type === 'public_field_definition' && anchor.field === 'value') ||
      (parent.type === 'field_definition' && anchor.field === 'value');
    if (!lift) return anchor;
    anchor = parent;
  }
}

function isCommentNode(node: Node): boolean {
  return node.type.includes('comment');
}

/** Comments that are tool directives or notes to self, not a description. */
const NOT_PROSE =
  /^(TODO|FIXME|XXX|HACK|NOTE:|eslint|prettier|@ts-|istanbul|c8 |noqa|type:|pylint|nolint|go:|#region|#endregion|region\b|endregion\b|-\*-|!|\/|SPDX|Copyright|\(c\))/i;

/** The block of comments directly above `anchor` (no blank line between), first to last. */
function commentsAbove(anchor: Node): Node[] {
  const block: Node[] = [];
  let next = anchor;
  for (let c = anchor.previousSibling; c; c = c.previousSibling) {
    if (BETWEEN.test(c.type) && !isCommentNode(c)) {
      next = c;
      continue;
    }
    if (!isCommentNode(c)) break;
    // A `/** … */` block documents the declaration after it across one blank line, as JSDoc and javadoc read it.
    const gap = block.length === 0 && c.text.startsWith('/**') ? 2 : 1;
    if (next.startPosition.row - c.endPosition.row > gap) break;
    // A trailing comment on the previous statement's line belongs to that statement.
    const before = c.previousSibling;
    if (before && !isCommentNode(before) && before.endPosition.row === c.startPosition.row) break;
    block.unshift(c);
    next = c;
  }
  return block;
}

/** Python: the string that is the first statement of a body. */
function docstringOf(node: Node): Node | undefined {
  const body = node.childForFieldName('body');
  const first = body?.namedChildren.find((c) => !isCommentNode(c));
  if (first?.type !== 'expression_statement') return undefined;
  const value = first.namedChildren[0];
  return value?.type === 'string' ? value : undefined;
}

/** A module's docstring, or a file's leading comment block before any code. */
export function snippetDoc(language: LanguageId, root: Node): DocComment | undefined {
  const first = root.namedChildren[0];
  if (!first) return undefined;
  if (
    LANGUAGES[language].docs.docstrings &&
    first.type === 'expression_statement' &&
    first.namedChildren[0]?.type === 'string'
  )
    return fromText(first.namedChildren[0].text, 'docstring', first.startPosition.row + 1);
  let start: Node | null = first;
  while (start && isCommentNode(start)) {
    const block: Node[] = [];
    let c: Node | null = start;
    for (; c && isCommentNode(c); c = c.nextSibling) {
      const last = block[block.length - 1];
      if (last && c.startPosition.row - last.endPosition.row > 1) break;
      block.push(c);
    }
    const end = block[block.length - 1]!;
    const after = end.nextSibling;
    const text = block.map((b) => b.text).join('\n');
    // A block above the imports labels them ("Module dependencies."), across a blank line as JSDoc reads it;
    // one that says something else there ("TDigest: approximate percentiles from a stream") is the file's.
    const aboveImports =
      after &&
      !isCommentNode(after) &&
      after.startPosition.row - end.endPosition.row <= 2 &&
      IMPORTS.test(after.text);
    if (aboveImports && DEPENDENCY_LABEL.test(text)) return undefined;
    // A block that runs straight into a declaration documents that declaration, not the file.
    if (!aboveImports && after && !isCommentNode(after) && after.startPosition.row - end.endPosition.row <= 1)
      return undefined;
    // A licence says who may copy the file, and a generated-code marker ("Code generated by …; DO NOT
    // EDIT.") how it was made, not what it is for: the block after it may say that.
    if (!LICENCE.test(text) && !GENERATED.test(text)) return fromComments(block, language);
    start = c;
  }
  return undefined;
}

/** What a comment that only labels the imports below it says. */
const DEPENDENCY_LABEL = /\b(dependenc\w*|imports?|modules?|requires?|librar\w+|packages?|includes?)\b/i;

/** Statements that import: what a comment right above them is about. */
const IMPORTS =
  /^(import\b|from\s+\S+\s+import\b|using\s|use\s|#include\b|extern\s+crate\b|require\b|(var|let|const)\s+[\w{}\s,]+=\s*require\()/;

/** The marker of generated code (Go's convention, and the same words elsewhere). */
export const GENERATED =
  /^\W*(?:Code generated|This (?:file|code) (?:is|was) (?:auto-?)?generated|Auto-?generated)\b[\s\S]*?\bDO NOT EDIT\b/i;

/** Whether the code says, in a comment near its top, that it is generated and not to be edited by hand. */
export function isGeneratedCode(code: string): boolean {
  const head = code.split('\n', 12).join('\n');
  return (
    /^\s*(?:\/\/|#|\/\*|\*|--)/m.test(head) &&
    GENERATED.test(head.replace(/^\s*(?:\/\/+|#+|\/\*+|\*+\/?|--)\s?/gm, ''))
  );
}

/** A licence or copyright header (`/*!` marks one for minifiers to keep). */
const LICENCE =
  /^\/\*!|\b(?:MIT|BSD(?:-\d-Clause)?|ISC|Apache-2\.0|MPL-2\.0|L?GPL-?\d(?:\.\d)?)[\s-]+Licen[cs]e\b|\bcopyright\b|SPDX-License-Identifier|\blicensed\s+under\b|all\s+rights\s+reserved|permission\s+is\s+hereby\s+granted|GNU\s+(Lesser\s+|Affero\s+)?General\s+Public\s+License|Apache\s+License|Mozilla\s+Public\s+License|released\s+to\s+the\s+public\s+domain/i;

/** The doc comment of a unit, if its author wrote one. */
export function unitDoc(language: LanguageId, node: Node): DocComment | undefined {
  if (LANGUAGES[language].docs.docstrings) {
    const docstring = docstringOf(node);
    if (docstring) return fromText(docstring.text, 'docstring', docstring.startPosition.row + 1);
  }
  const block = commentsAbove(anchorOf(node));
  // A file's licence header right above its first declaration documents the file's terms, not the declaration.
  const opensFile = block[0] !== undefined && block[0].previousSibling === null;
  if (opensFile && LICENCE.test(block.map((b) => b.text).join('\n'))) return undefined;
  return fromComments(block, language);
}

function fromComments(block: readonly Node[], language: LanguageId): DocComment | undefined {
  const first = block[0];
  if (!first) return undefined;
  // Some grammars end a line comment's node with its newline (Rust's `///`): joined as they are, every
  // line would look like a paragraph of its own.
  const text = block.map((c) => stripMarkers(c.text.replace(/\r?\n$/, ''))).join('\n');
  return fromProse(text, LANGUAGES[language].docs.style(first.text), first.startPosition.row + 1);
}

function fromText(literal: string, style: DocStyle, line: number): DocComment | undefined {
  // Python string prefixes and quotes: r"""…""", '''…''', "…".
  const body = literal.replace(/^[rRuUbBfF]*("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '');
  return fromProse(body, style, line);
}

/** Comment markers off every line: `//`, `///`, `#`, `/*`, `*`, `*\/`, `--`. */
function stripMarkers(comment: string): string {
  return comment
    .replace(/^\/\*+!?|\*+\/$/g, '')
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(\/\/[/!]?|#+|--|\*(?!\*))\s?/, '').replace(/^\s*\*\s?/, ''))
    .join('\n');
}

/** Inline markup reduced to its words: Javadoc `{@code x}`, XML doc `<see cref="x"/>`, HTML tags, Markdown. */
function plain(text: string): string {
  return (
    text
      // `{@link Thread#interrupt interrupted}` reads as its label; without one, as the member it names.
      .replace(
        /\{@(?:link|linkplain)\s+([\w.$]*(?:#[\w$]+(?:\([^)]*\))?)?)\s*([^}]*)\}/g,
        (_m, ref: string, label: string) => label.trim() || ref.replace(/^[\w.$]*#/, '').trim(),
      )
      .replace(/\{@(?:code|literal|value)\s+([^}]*)\}/g, (_m, inner: string) =>
        inner.replace(/^[\w.]*#/, '').trim(),
      )
      .replace(/<(?:see|seealso)\s+(?:cref|langword|href)="(?:[A-Z]:)?([^"]+)"\s*\/>/g, '$1')
      .replace(/<(?:paramref|typeparamref)\s+name="([^"]+)"\s*\/>/g, '$1')
      .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
      .replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1')
      // An intra-doc link (`[`Vec`]`, `[std::mem::swap]`) reads as what it names; `[0, n)` and `a[i]` are the text.
      // Inside a quoted string (`'[b]'`) the brackets are the text itself.
      .replace(/(?<![\w\]'"])\[(`?[\w:.!<>]+(?:\(\))?`?)\](?![(\w'"])/g, '$1')
      // Code spans stay code: "signs `val` with `secret`" says which words are names.
      .replace(/`+([^`]+)`+/g, '`$1`')
      .replace(/\*\*?([^*]+)\*\*?/g, '$1')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  );
}

/** Lines that start the reference part of a doc: tags, argument lists, examples. */
const REFERENCE =
  /^\s*(@\w+|:(param|type|return|returns|raises|rtype)\b|(Args|Arguments|Parameters|Returns|Raises|Yields|Example|Examples|Note|Notes|See Also|Usage)\s*:?\s*$|-{3,}|={3,}|>>>|```)/;

/** A call signature on a line of its own: `name(args)`, `name(args) -> type`, `name(args) : type`. */
const SIGNATURE_LINE = /^[\w.]+\s*\([^()]*\)\s*((->|:|→)\s*[\w[\], .|()]+)?\.?$/;

/** Longest first sentence kept, in characters; the rest is cut at a word. */
export const MAX_DOC_SENTENCE = 220;

/** Words a sentence cannot end on: it was leading into what comes after it. */
const DANGLING = /\s(as|like|follows|following|is|are|be|of|to|in|by|with|where|that|the|a|an)$/i;

/**
 * A sentence that ends with ":" leads into a list, a format or code shown below it ("… where each record
 * is formatted as:"): said alone, its last clause dangles. That clause is dropped where a comma or
 * "where"/"when"/"if" starts it; otherwise "…" marks that the comment goes on.
 */
function leadIn(sentence: string): string {
  if (!sentence.endsWith(':')) return sentence;
  const bare = sentence.slice(0, -1).trimEnd();
  if (!DANGLING.test(bare)) return bare;
  const clause = Math.max(
    bare.lastIndexOf(', '),
    ...[' where ', ' when ', ' if '].map((w) => bare.lastIndexOf(w)),
  );
  return clause > 20 ? bare.slice(0, clause) : `${bare} …`;
}

function firstSentence(text: string): string | undefined {
  const lines: string[] = [];
  const xmlSummary = /<summary>([\s\S]*?)<\/summary>/.exec(text)?.[1];
  for (const line of (xmlSummary ?? text).split('\n')) {
    if (REFERENCE.test(line)) break;
    // The first paragraph ends at a blank line.
    if (line.trim() === '') {
      if (lines.length > 0) break;
      continue;
    }
    lines.push(line.trim());
  }
  let paragraph = plain(lines.join(' ')).replace(/\s+/g, ' ').trim();
  // A title ("TDigest:") opens the comment, or a signature ("_split(text : string) -> [string]", as
  // docstrings of C functions start): what it is comes in the paragraph after it.
  const title = /^[\w .-]{1,40}:$/.test(paragraph);
  const signature = SIGNATURE_LINE.test(paragraph);
  if (title || signature) {
    const rest = (xmlSummary ?? text).split('\n').map((l) => l.trim());
    const from = rest.findIndex((l, i) => i > 0 && l === '' && rest.slice(i).some((x) => x !== ''));
    const next: string[] = [];
    for (const l of rest.slice(from + 1)) {
      if (l === '' && next.length > 0) break;
      if (l !== '') next.push(l);
    }
    const after = plain(next.join(' ')).replace(/\s+/g, ' ').trim();
    if (from > 0 && next.length > 0 && !REFERENCE.test(next[0]!))
      paragraph = signature ? after : `${paragraph} ${after}`;
    else if (signature) return undefined;
  }
  if (!paragraph || !/[a-z]{2}/i.test(paragraph)) return undefined;
  // A sentence ends at ". " before a capital letter or the end: "e.g. x" and "1.5" do not end one.
  const end = /(?<!\b(?:e\.g|i\.e|etc|vs|cf|approx))[.!?](?=\s+[A-Z(]|\s*$)/.exec(paragraph);
  const sentence = leadIn((end ? paragraph.slice(0, end.index) : paragraph).trim());
  if (sentence.length <= MAX_DOC_SENTENCE) return sentence;
  const cut = sentence.lastIndexOf(' ', MAX_DOC_SENTENCE - 1);
  return `${sentence.slice(0, cut > 40 ? cut : MAX_DOC_SENTENCE - 1)}…`;
}

/** Words that make a sentence a contract or a caveat a caller must know. */
const CAVEAT =
  /\b(must|must not|should not|never|not thread-safe|thread-safe|not safe|inconsistent with|undefined behaviou?r|unspecified|note that|warning|caution|deprecated|is not guaranteed|no guarantee|overflows?|blocks until|may block|may be null|returns? null|not re-?entrant|not synchronized|concurrently|at your own risk|unless)\b/i;
/** Caveats kept per doc comment, and their longest length. */
const MAX_CAVEATS = 3;
const MAX_CAVEAT = 220;

/** The sentences after the first, in the prose and its notes (not parameter tags), that state a contract. */
function caveatsOf(text: string, first: string): string[] {
  // A parameter or return tag runs on over the lines below it (`@param term Output: Whether a line
  // terminator was encountered` / `while reading the line; may be null`) until a blank line or another tag.
  const PARAM_TAG =
    /^\s*(@param|@return|@throws|@exception|@see|:param|:type|:rtype|Args:|Returns:|Raises:|>>>|```)/;
  const kept: string[] = [];
  let inTag = false;
  for (const l of text.split('\n')) {
    if (PARAM_TAG.test(l)) inTag = true;
    else if (l.trim() === '' || /^\s*(@\w+|:\w+)/.test(l)) inTag = false;
    if (!inTag) kept.push(l);
  }
  const prose = plain(kept.join('\n')).replace(/\s+/g, ' ');
  const sentences = prose.split(/(?<=[.!?])\s+(?=[A-Z(])/).map((x) => x.trim());
  const start = sentences.findIndex((x) => x.replace(/[.!?]$/, '') === first || x.startsWith(first));
  return sentences
    .slice(start >= 0 ? start + 1 : 1)
    .filter((x) => CAVEAT.test(x) && /[a-z]{3}/.test(x) && !/^@/.test(x))
    .slice(0, MAX_CAVEATS)
    .map((x) =>
      x.length > MAX_CAVEAT ? `${x.slice(0, x.lastIndexOf(' ', MAX_CAVEAT))}…` : x.replace(/[.]$/, ''),
    );
}

function fromProse(text: string, style: DocStyle, line: number): DocComment | undefined {
  const trimmed = text.trim();
  if (!trimmed || NOT_PROSE.test(trimmed)) return undefined;
  // A comment that is only a link (`/// <https://url.spec.whatwg.org/#ipv4-parser>`): the page it names
  // is what the code follows, and the link is said as it is.
  const link = /^<?(https?:\/\/[^\s<>]+?)>?\.?$/.exec(trimmed)?.[1];
  if (link) return { style, line, sentence: link, caveats: [] };
  const sentence = firstSentence(trimmed);
  if (!sentence) return undefined;
  // "See the reference implementation in gen.go" points elsewhere: it says nothing of what this does.
  if (/^(see|cf\.?|compare)\s/i.test(sentence)) return undefined;
  // Commented-out code is not a description.
  if (/[;{}]\s*$|^\s*(if|for|while|return|import|def|function|var|let|const)\b.*[({:=]/.test(sentence))
    return undefined;
  return { style, line, sentence, caveats: caveatsOf(trimmed, sentence.replace(/…$/, '')) };
}
