import type { Plugin } from 'vite';

/**
 * Adds CSS as a constructed stylesheet (document.adoptedStyleSheets): the page's Content-Security-Policy (style-src
 * 'self', infra/security-headers.ts) refuses <style> elements made at runtime, but not stylesheets built through the
 * CSSOM. Kept as source text because it replaces library code at build time.
 */
const ADOPT = `function __cspAdoptCss(css) {
  if (typeof document === 'undefined' || !css) return null;
  var sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
  return sheet;
}
function __cspDropCss(sheet) {
  if (sheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter(function (s) { return s !== sheet; });
}`;

/**
 * react-style-singleton (Radix Dialog's scroll lock, through react-remove-scroll) adds a <style> element while a dialog
 * is open; the same API on a constructed stylesheet.
 */
const STYLE_SINGLETON = `${ADOPT}
export var stylesheetSingleton = function () {
  var counter = 0;
  var sheet = null;
  return {
    add: function (style) {
      if (counter == 0) sheet = __cspAdoptCss(style);
      counter++;
    },
    remove: function () {
      counter--;
      if (!counter && sheet) {
        __cspDropCss(sheet);
        sheet = null;
      }
    },
  };
};
`;

/** Sonner adds its stylesheet as a <style> element when it loads. */
const SONNER_INSERT = /function __insertCSS\(code\) \{/;

/**
 * Build-time replacements that let the app run under style-src 'self' without 'unsafe-inline'. Each fails the build
 * when the library no longer has the code it replaces, so an upgrade can't silently bring a CSP violation back
 * (tests/e2e/security-headers.spec.ts would catch it too).
 */
export function cspSafeStyles(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'csp-safe-styles',
    // The production build only: the dev server serves no CSP and pre-bundles dependencies without plugins.
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced.clear();
    },
    load(id) {
      if (!/[\\/]react-style-singleton[\\/]dist[\\/][^\\/]+[\\/]singleton\.js$/.test(id)) return null;
      replaced.add('react-style-singleton');
      return STYLE_SINGLETON;
    },
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!SONNER_INSERT.test(code)) throw new Error(`csp-safe-styles: sonner no longer defines __insertCSS (${id})`);
      // The original function stays, renamed and unused; its callers get the constructed stylesheet.
      const adopt = `${ADOPT}\nfunction __insertCSS(code) {\n  __cspAdoptCss(code);\n}\nfunction __sonnerStyleElement(code) {`;
      replaced.add('sonner');
      return { code: code.replace(SONNER_INSERT, adopt), map: null };
    },
    buildEnd(error) {
      const missing = ['react-style-singleton', 'sonner'].filter((name) => !replaced.has(name));
      if (!error && missing.length) throw new Error(`csp-safe-styles: nothing replaced in ${missing.join(', ')}`);
    },
  };
}
