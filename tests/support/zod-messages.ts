import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

/**
 * The validation messages written in the shared schemas (src/shared/contract, and the rules in
 * src/shared/domain they use), found where zod takes a message: `{ message: '...' }` / `{ error: '...' }`,
 * the message argument of `.min(2, '...')`, `.regex(re, '...')`, `.refine(fn, '...')`..., a helper's
 * default message (`message = '...'`) and `ctx.addIssue({ message })`. A template literal's values
 * become placeholders: `At most ${max} characters` is `At most {max} characters`.
 */

const MESSAGE_METHODS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'int',
  'positive',
  'nonnegative',
  'gt',
  'gte',
  'lt',
  'lte',
  'startsWith',
  'endsWith',
  'includes',
  'nonempty',
  'multipleOf',
  'datetime',
  'date',
]);

type Node = { type: string; [key: string]: unknown };

function textOf(node: Node | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') {
    const quasis = node.quasis as { value: { cooked: string } }[];
    const expressions = node.expressions as Node[];
    return quasis
      .map((q, i) => {
        const expression = expressions[i];
        if (!expression) return q.value.cooked;
        const name =
          expression.type === 'Identifier'
            ? (expression.name as string)
            : expression.type === 'MemberExpression' && (expression.property as Node).type === 'Identifier'
              ? ((expression.property as Node).name as string)
              : 'value';
        return `${q.value.cooked}{${name}}`;
      })
      .join('');
  }
  return null;
}

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

/** The messages of one file, in order of appearance (with duplicates removed). */
export function zodMessagesOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const { program } = parseSync(file, source);
  const found = new Set<string>();
  const add = (node: Node | undefined) => {
    const text = textOf(node);
    if (text && /[A-Za-z]/.test(text)) found.add(text);
  };
  walk(program, (node) => {
    if (node.type === 'Property') {
      const key = node.key as Node;
      const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : null;
      if (name === 'message' || name === 'error') add(node.value as Node);
    }
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const args = node.arguments as Node[];
      if (callee.type === 'MemberExpression') {
        const property = callee.property as Node;
        if (property.type === 'Identifier' && MESSAGE_METHODS.has(property.name as string)) {
          for (const arg of args.slice(property.name === 'email' || property.name === 'int' ? 0 : 1))
            add(arg);
        }
      }
    }
    if (node.type === 'AssignmentPattern') {
      const left = node.left as Node;
      if (left.type === 'Identifier' && /message/i.test(left.name as string)) add(node.right as Node);
    }
  });
  return [...found];
}

/** Every validation message of the shared schemas, with the file each first appears in. */
export function sharedZodMessages(root: string): Map<string, string> {
  const messages = new Map<string, string>();
  for (const folder of ['src/shared/contract', 'src/shared/domain']) {
    for (const name of readdirSync(path.join(root, folder))) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const file = path.join(root, folder, name);
      for (const message of zodMessagesOf(file))
        if (!messages.has(message)) messages.set(message, `${folder}/${name}`);
    }
  }
  return messages;
}
