import type { Rule } from '../model.js';
import { calleeText, JS_LIKE, methodName } from '../util.js';

const BLOCKING =
  /^(readFileSync|writeFileSync|appendFileSync|readdirSync|statSync|existsSync|mkdirSync|rmSync|unlinkSync|copyFileSync|execSync|execFileSync|spawnSync)$/;

/** Blocking file and process calls inside functions, which stall every other request. */
export const syncIo: Rule = {
  meta: {
    id: 'scalability/sync-io',
    type: 'scalability',
    severity: 'low',
    languages: JS_LIKE,
    docs: { description: 'Synchronous file or process APIs called from a function.' },
  },
  create(context) {
    return {
      call_expression(node) {
        const name = methodName(calleeText(node));
        if (!BLOCKING.test(name)) return;
        // At module top level a one-off synchronous read at start-up is fine.
        let p = node.parent;
        while (p && !/function|arrow_function|method_definition/.test(p.type)) p = p.parent;
        if (!p) return;
        context.report({
          node,
          message: `\`${name}\` blocks the whole Node.js process until it finishes, stalling every other request meanwhile; use the promise API (\`fs/promises\`, \`child_process\` with \`util.promisify\`) in code that runs per request.`,
        });
      },
    };
  },
};
