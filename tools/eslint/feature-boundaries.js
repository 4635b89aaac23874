// @ts-check
import path from 'node:path';

/**
 * Web features do not import each other. Judged on resolved paths, not import strings: every relative import (static,
 * re-export or dynamic) is resolved against the importing file, so `../listings/x` from features/sell is caught like
 * `@/features/listings/x` would be. Shared pieces belong in web/src/domains (a domain's data and parts, decision 047),
 * web/src/components or web/src/lib, which may not import features either.
 */
const DEFAULT_FEATURES = 'web/src/features';
const DEFAULT_SHARED = ['web/src/components', 'web/src/lib', 'web/src/domains'];

/** The repo-relative, forward-slash form of an absolute path. */
const relative = (cwd, file) => path.relative(cwd, file).split(path.sep).join('/');

/** The feature a repo-relative path is in (its folder under the features dir), or null. */
function featureOf(rel, featuresDir) {
  if (!rel.startsWith(`${featuresDir}/`)) return null;
  return rel.slice(featuresDir.length + 1).split('/')[0] || null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports between web features, judged on the resolved path' },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          shared: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}' ({{target}}): features do not import each other; move what they share to web/src/domains, web/src/lib or web/src/components.",
      sharedImportsFeature:
        "{{from}} imports feature '{{to}}' ({{target}}): shared code (web/src/lib, web/src/components) may not depend on a feature; web/src/domains neither.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const featuresDir = options.featuresDir ?? DEFAULT_FEATURES;
    const shared = options.shared ?? DEFAULT_SHARED;
    const cwd = context.cwd;
    const file = relative(cwd, context.filename);
    const from = featureOf(file, featuresDir);
    const inShared = shared.some((dir) => file.startsWith(`${dir}/`));
    if (from === null && !inShared) return {};

    /** @param {import('estree').Node | null | undefined} source */
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      // Bare specifiers are packages; only paths can reach another feature.
      if (!spec.startsWith('.') && !spec.startsWith('/')) return;
      const target = relative(cwd, path.resolve(path.dirname(context.filename), spec));
      const to = featureOf(target, featuresDir);
      if (to === null || to === from) return;
      context.report({
        node: source,
        messageId: from === null ? 'sharedImportsFeature' : 'crossFeature',
        data: { from: from ?? file, to, target },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
