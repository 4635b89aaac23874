// @ts-check
import path from 'node:path';

/**
 * Every read and write of the web lives in its domain's home, web/src/domains/<domain>/ (decision 047): features,
 * components, app and lib only compose, calling a domain's functions and hooks. So outside web/src/domains (and the
 * client itself) no file imports the client's request functions (`apiGet`, `apiSend` of web/src/lib/api) nor calls
 * `fetch` or `XMLHttpRequest`. The client's other exports (ApiError, newIdempotencyKey, types) stay open to all.
 * Judged on resolved paths, as feature-boundaries is: `../api` from web/src/lib/orders is caught like
 * `../../../lib/api` from a feature.
 */
const DEFAULT_CLIENT = 'web/src/lib/api';
const DEFAULT_NAMES = ['apiGet', 'apiSend'];
const DEFAULT_ALLOWED = ['web/src/domains'];
const DEFAULT_GLOBALS = ['fetch', 'XMLHttpRequest'];

/** The repo-relative, forward-slash form of an absolute path. */
const relative = (cwd, file) => path.relative(cwd, file).split(path.sep).join('/');

/** A module path without its script extension, so `lib/api` and `lib/api.ts` are one module. */
const withoutExtension = (rel) => rel.replace(/\.(?:[cm]?[jt]s|tsx|jsx)$/, '');

/** @type {import('eslint').Rule.RuleModule} */
export const apiInDomains = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Only web/src/domains calls the API: no apiGet/apiSend imports nor fetch elsewhere in the web',
    },
    schema: [
      {
        type: 'object',
        properties: {
          client: { type: 'string' },
          names: { type: 'array', items: { type: 'string' } },
          allowed: { type: 'array', items: { type: 'string' } },
          globals: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      request:
        "{{file}} imports {{name}} from {{client}}: only web/src/domains calls the API (decision 047); call the domain's function or hook (web/src/domains/<domain>/api.ts), or add one there.",
      wholeClient:
        "{{file}} imports all of {{client}}: only web/src/domains calls the API (decision 047); import what you need by name (ApiError, newIdempotencyKey), and call the domain's function or hook for the request.",
      global:
        "{{file}} uses {{name}}: only web/src/domains makes requests (decision 047); put this one in the domain's api.ts.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const client = options.client ?? DEFAULT_CLIENT;
    const names = new Set(options.names ?? DEFAULT_NAMES);
    const allowed = options.allowed ?? DEFAULT_ALLOWED;
    const globals = new Set(options.globals ?? DEFAULT_GLOBALS);
    const cwd = context.cwd;
    const file = relative(cwd, context.filename);
    if (withoutExtension(file) === client || allowed.some((dir) => file.startsWith(`${dir}/`))) return {};

    /** @param {import('estree').Node | null | undefined} source */
    function isClient(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return false;
      const spec = source.value;
      if (!spec.startsWith('.') && !spec.startsWith('/')) return false;
      return withoutExtension(relative(cwd, path.resolve(path.dirname(context.filename), spec))) === client;
    }

    /** @param {import('estree').Node} node @param {string} name */
    const request = (node, name) => context.report({ node, messageId: 'request', data: { file, name, client } });
    /** @param {import('estree').Node} node */
    const whole = (node) => context.report({ node, messageId: 'wholeClient', data: { file, client } });
    /** @param {import('estree').Node} node */
    const nameOf = (node) => (node.type === 'Identifier' ? node.name : String(/** @type {any} */ (node).value));

    return {
      ImportDeclaration(node) {
        if (!isClient(node.source)) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportNamespaceSpecifier') whole(spec);
          if (spec.type !== 'ImportSpecifier') continue;
          const name = nameOf(spec.imported);
          if (names.has(name)) request(spec, name);
        }
      },
      ExportNamedDeclaration(node) {
        if (!isClient(node.source)) return;
        for (const spec of node.specifiers) {
          if (names.has(nameOf(spec.local))) request(spec, nameOf(spec.local));
        }
      },
      ExportAllDeclaration(node) {
        if (isClient(node.source)) whole(node);
      },
      ImportExpression(node) {
        if (isClient(node.source)) whole(node);
      },
      'Program:exit'(node) {
        // The globals' references: to a configured global (browser globals) or to an undeclared one. A `fetch` the file
        // declares itself is not the global.
        const scope = context.sourceCode.getScope(node);
        const refs = [...scope.through];
        for (const name of globals) refs.push(...(scope.set.get(name)?.references ?? []));
        for (const ref of refs) {
          const name = ref.identifier.name;
          if (globals.has(name)) context.report({ node: ref.identifier, messageId: 'global', data: { file, name } });
        }
      },
    };
  },
};
