import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

/**
 * Text a person reads, written straight into the client's code instead of coming from the message
 * catalogs (docs/decisions/013-english-and-french.md): JSX text (`<p>Book now</p>`, `{'Book now'}`),
 * attributes and props people read (`aria-label`, `placeholder`, `title`, `alt`, `label`,
 * `description`, `confirmLabel`...) given as a literal, and the literal sentences of toasts and
 * alerts (`notify('error', 'Update failed')`, `errorMessage(error, 'Please try again.')`).
 */

const READ_ATTRIBUTES =
  /^(aria-label|aria-description|aria-valuetext|aria-roledescription|placeholder|title|alt|label|description|hint|heading|subtitle|message|text|[a-z]+(Label|Text|Title|Message|Description|Hint))$/;

/** Calls whose string arguments people read, and from which argument on. */
const READ_CALLS: Record<string, number> = {
  notify: 1,
  showToast: 1,
  errorMessage: 1,
  alert: 0,
  confirm: 0,
};

export type HardcodedText = { file: string; line: number; text: string };

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function walk(node: unknown, visit: (node: Node) => void) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as Node;
  if (typeof n.type === 'string') visit(n);
  for (const [key, value] of Object.entries(n)) {
    if (key !== 'parent' && value && typeof value === 'object') walk(value, visit);
  }
}

/** A literal's text when it has words in it (`'Book now'`, `` `Hi ${name}` ``), else null. */
function literalText(node: Node | undefined | null): string | null {
  if (!node) return null;
  let text: string | null = null;
  if (node.type === 'Literal' && typeof node.value === 'string') text = node.value;
  if (node.type === 'TemplateLiteral') {
    text = (node.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join('…');
  }
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression as Node);
  if (node.type === 'ConditionalExpression') {
    return literalText(node.consequent as Node) ?? literalText(node.alternate as Node);
  }
  if (node.type === 'LogicalExpression') return literalText(node.right as Node);
  return text !== null && /\p{L}{2,}/u.test(text) ? text.trim() : null;
}

function calleeName(callee: Node): string | null {
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression' && (callee.property as Node).type === 'Identifier') {
    return (callee.property as Node).name as string;
  }
  return null;
}

export function hardcodedTextOf(file: string, source = readFileSync(file, 'utf8')): HardcodedText[] {
  const { program } = parseSync(file, source);
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const found: HardcodedText[] = [];
  const add = (node: Node, text: string) => found.push({ file, line: lineOf(node.start), text });
  walk(program, (node) => {
    if (node.type === 'JSXText') {
      const text = String(node.value).replace(/\s+/g, ' ').trim();
      if (/\p{L}{2,}/u.test(text)) add(node, text);
    }
    if (node.type === 'JSXElement' || node.type === 'JSXFragment') {
      // A child `{'text'}` or `{`text`}` (attribute values are looked at below).
      for (const child of node.children as Node[]) {
        const expression = child.type === 'JSXExpressionContainer' ? (child.expression as Node) : null;
        if (expression && (expression.type === 'Literal' || expression.type === 'TemplateLiteral')) {
          const text = literalText(expression);
          if (text) add(child, text);
        }
      }
    }
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).type === 'JSXIdentifier' ? ((node.name as Node).name as string) : '';
      if (READ_ATTRIBUTES.test(name)) {
        const value = node.value as Node | null;
        const text =
          value?.type === 'JSXExpressionContainer'
            ? literalText(value.expression as Node)
            : literalText(value);
        if (text) add(node, text);
      }
    }
    if (node.type === 'CallExpression') {
      const name = calleeName(node.callee as Node);
      const from = name ? READ_CALLS[name] : undefined;
      if (from !== undefined) {
        for (const arg of (node.arguments as Node[]).slice(from)) {
          const text = literalText(arg);
          if (text) add(arg, text);
        }
      }
    }
  });
  // A JSX attribute's literal is also a JSXExpressionContainer's: keep one finding per place and text.
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.line}:${f.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every `.ts` and `.tsx` file of the client, tests and declarations aside. */
export function clientComponentFiles(root: string): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      // Hooks in .ts files show toasts too (a mutation's error), so they are read as well.
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && !entry.name.endsWith('.d.ts'))
        files.push(full);
    }
  };
  visit(root);
  return files.sort();
}
