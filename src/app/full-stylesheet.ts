// A prerendered page inlines the rules its own HTML uses and loads the site's whole stylesheet as
// `media="print"`, which does not hold the first paint (scripts/prerender/critical-css.ts).
// Switching that stylesheet on restyles every element of the page although nothing it shows
// changes: the longest task after the first paint (about 150 ms at 4x CPU in Lighthouse's trace).
// So it is switched on only when the page is about to show something its inline rules may not
// style: an element, or a state of one, with a class the inline rules do not name (a dialog, a
// menu, a toast, the next page of a client-side navigation, a refetched list in a new state).
//
// The check runs in a MutationObserver callback, that is after the DOM changed and before the
// browser draws it, so the new element is never painted without its rules. Rules without a class
// (the elements' base styles) are always inline (critical-css.ts), and rules on pseudo-classes
// (:hover, :focus-visible, :checked) are inline wherever their element is.

import { DEFERRED_STYLESHEET_ID } from './deferred-stylesheet';

// A class selector: `.` and an identifier, escapes included (`.md\:px-8`, `.gap-2\.5`, `.\32xl`).
const CLASS_SELECTOR = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-])+)/g;
const ESCAPE = /\\([0-9a-fA-F]{1,6} ?|[^0-9a-fA-F])/g;

function unescapeIdentifier(identifier: string): string {
  return identifier.replace(ESCAPE, (_, escaped: string) =>
    /^[0-9a-fA-F]/.test(escaped) ? String.fromCodePoint(parseInt(escaped, 16)) : escaped,
  );
}

/** The class names a piece of CSS names in its selectors (more is harmless: `.5rem` adds "5rem"). */
export function classNamesIn(css: string): Set<string> {
  const names = new Set<string>();
  for (const match of css.matchAll(CLASS_SELECTOR)) names.add(unescapeIdentifier(match[1]!));
  return names;
}

// The critical CSS step keeps a rule when its selector, without pseudo-classes and
// pseudo-elements, matches an element of the page (beasties' normalizeCssSelector). The same
// test on the live page tells whether a rule left out of the inline CSS is needed now.
const PSEUDO = /(?<!\\)::?[a-z-]+(?:\(.+\))?/gi;
const IMPLICIT_UNIVERSAL = /([>+~])\s*(?!\1)([>+~])/g;
const EMPTY_COMBINATOR = /([>+~])\s*(?=\1|$)/g;
const TRAILING_COMMAS = /\(\s*,|,\s*\)/g;

export function withoutPseudo(selector: string): string {
  return selector
    .replace(PSEUDO, '')
    .replace(TRAILING_COMMAS, (match) => (match.includes('(') ? '(' : ')'))
    .replace(IMPLICIT_UNIVERSAL, '$1 * $2')
    .replace(EMPTY_COMBINATOR, '$1 *')
    .trim();
}

function matchesSomething(selector: string): boolean {
  const normalized = withoutPseudo(selector);
  try {
    return normalized === '' || document.querySelector(normalized) !== null;
  } catch {
    // A selector the browser cannot test this way: assume it is needed.
    return true;
  }
}

/** For each class the stylesheet names, the selectors that name it. */
function selectorsByClass(rules: CSSRuleList, into = new Map<string, string[]>()): Map<string, string[]> {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule)
      for (const selector of rule.selectorText.split(','))
        for (const name of classNamesIn(selector)) {
          const list = into.get(name) ?? [];
          list.push(selector);
          into.set(name, list);
        }
    else if (rule instanceof CSSGroupingRule) selectorsByClass(rule.cssRules, into);
  }
  return into;
}

/**
 * Starts watching the page. Call before hydration: hydrating changes nothing in the DOM, so the
 * first change the observer sees is one the scripts make.
 */
export function applyFullStylesheetWhenNeeded(): void {
  const link = document.getElementById(DEFERRED_STYLESHEET_ID);
  if (!(link instanceof HTMLLinkElement) || link.media === 'all') return;
  // Both indexes are read in tasks of their own, queued now, so they run before hydration starts
  // (src/main.tsx starts it a few tasks later), or at the first change the scripts make if that
  // comes sooner. Read at that first change, inside the commit that made it, they added 20–25 ms
  // at 4x CPU to the longest task of /fonduehusli. (An idle callback came too late: a slow phone
  // has no idle moment before hydration is done.)
  let inlined: Set<string> | undefined;
  const isInlined = (name: string): boolean => {
    if (!inlined) {
      const inline = link.previousElementSibling;
      inlined = classNamesIn(inline instanceof HTMLStyleElement ? (inline.textContent ?? '') : '');
    }
    return inlined.has(name);
  };
  let selectors: Map<string, string[]> | undefined;
  const selectorsOf = (name: string): string[] => {
    if (!selectors) {
      try {
        selectors = link.sheet ? selectorsByClass(link.sheet.cssRules) : new Map();
      } catch {
        // No readable stylesheet (it failed to load): nothing to switch on either.
        selectors = new Map();
      }
    }
    return selectors.get(name) ?? [];
  };
  // Two tasks, not one: each is some 20–30 ms at 4x CPU, together they would be a long one.
  setTimeout(() => isInlined(''));
  setTimeout(() => selectorsOf(''));
  // A rule is needed when it names a class of the element that the inline rules do not name and
  // it applies now (a state variant such as aria-[invalid=true]: waits for its state).
  const needsMore = (element: Element): boolean =>
    Array.from(element.classList).some(
      (name) => !isInlined(name) && selectorsOf(name).some(matchesSomething),
    );
  const needsMoreWithin = (element: Element): boolean =>
    needsMore(element) || Array.from(element.querySelectorAll('[class]')).some(needsMore);

  const observer = new MutationObserver((mutations) => {
    const needed = mutations.some((mutation) => {
      if (mutation.type === 'attributes') {
        // Inline styles are set by scripts (positions, carousels) and need no rules.
        if (mutation.attributeName === 'style') return false;
        // A state attribute (data-state, aria-expanded, open) can switch on rules of the element's
        // own classes or its descendants' (group-data-[state=open]:rotate-180).
        return mutation.target instanceof Element && needsMoreWithin(mutation.target);
      }
      return (
        (mutation.target instanceof Element && needsMore(mutation.target)) ||
        Array.from(mutation.addedNodes).some((node) => node instanceof Element && needsMoreWithin(node))
      );
    });
    if (!needed) return;
    observer.disconnect();
    link.media = 'all';
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
}
