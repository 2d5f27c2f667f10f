/**
 * The wiki's search island: plain DOM, no framework. It filters the sections, and their entries in the section
 * list, by title and content as the user types; clearing the box restores everything. (Without JavaScript the
 * page hides the box with a <noscript> style, so no dead control shows and nothing shifts when the script runs.)
 */

/** Lower case, accents stripped, '&' read as 'and', whitespace collapsed. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The query's words; a section matches when it contains every one of them. */
export function terms(query: string): string[] {
  return normalise(query).split(' ').filter(Boolean);
}

export function matches(haystack: string, words: readonly string[]): boolean {
  return words.every((w) => haystack.includes(w));
}

interface Section {
  el: HTMLElement;
  tocItem: HTMLElement | null;
  text: string;
}

export function initWikiSearch(doc: Document): void {
  const root = doc.querySelector<HTMLElement>('[data-wiki]');
  const box = root?.querySelector<HTMLElement>('[data-search]');
  const input = box?.querySelector<HTMLInputElement>('input');
  if (!root || !box || !input) return;
  const status = root.querySelector<HTMLElement>('[data-status]');
  const empty = root.querySelector<HTMLElement>('[data-empty]');
  const emptyQuery = root.querySelector<HTMLElement>('[data-empty-query]');
  const clear = root.querySelector<HTMLButtonElement>('[data-clear]');

  const sections: Section[] = [...root.querySelectorAll<HTMLElement>('[data-wiki-section]')].map((el) => ({
    el,
    tocItem: root.querySelector<HTMLElement>(`[data-toc-item="${el.id}"]`),
    text: normalise(el.textContent ?? ''),
  }));

  const highlights = 'highlights' in CSS ? (CSS as unknown as { highlights: Map<string, unknown> }).highlights : null;

  function highlight(words: string[]): void {
    if (!highlights) return;
    highlights.delete('wiki-match');
    if (!words.length) return;
    const ranges: Range[] = [];
    for (const s of sections) {
      if (s.el.hidden) continue;
      const walker = doc.createTreeWalker(s.el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.toLowerCase() ?? '';
        for (const w of words) {
          if (w.length < 2) continue;
          for (let at = text.indexOf(w); at !== -1; at = text.indexOf(w, at + w.length)) {
            const r = doc.createRange();
            r.setStart(node, at);
            r.setEnd(node, at + w.length);
            ranges.push(r);
          }
        }
      }
    }
    const HighlightCtor = (globalThis as unknown as { Highlight?: new (...r: Range[]) => unknown }).Highlight;
    if (HighlightCtor && ranges.length) highlights.set('wiki-match', new HighlightCtor(...ranges));
  }

  function apply(): void {
    const words = terms(input!.value);
    let shown = 0;
    for (const s of sections) {
      const hit = matches(s.text, words);
      s.el.hidden = !hit;
      if (s.tocItem) s.tocItem.hidden = !hit;
      if (hit) shown += 1;
    }
    // On a phone the tips and the section list would push the matches below the fold: the page hides them meanwhile.
    root!.toggleAttribute('data-searching', words.length > 0);
    if (empty) empty.hidden = shown > 0;
    if (emptyQuery) emptyQuery.textContent = input!.value.trim();
    if (status) {
      status.textContent = words.length ? `${shown} of ${sections.length} sections match “${input!.value.trim()}”.` : '';
    }
    highlight(words);
  }

  function reset(): void {
    input!.value = '';
    apply();
  }

  const initial = new URLSearchParams(location.search).get('q');
  if (initial) input.value = initial;
  apply(); // also picks up anything typed before the script ran

  input.addEventListener('input', apply);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && input.value) {
      e.preventDefault();
      reset();
    }
  });
  clear?.addEventListener('click', () => {
    reset();
    input.focus();
  });
  doc.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement | null;
    const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      input.focus();
    }
  });
  // Following a link to a section the filter hides: show everything again, then go there.
  window.addEventListener('hashchange', () => {
    const target = location.hash ? doc.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target?.closest('[data-wiki-section]')?.hasAttribute('hidden')) {
      reset();
      target.scrollIntoView();
    }
  });

  // Mark the section being read in the section list.
  const links = new Map(sections.map((s) => [s.el.id, s.tocItem?.querySelector<HTMLAnchorElement>('a') ?? null] as const));
  if ('IntersectionObserver' in window) {
    const visible = new Set<string>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) visible.add(e.target.id);
          else visible.delete(e.target.id);
        }
        const current = sections.find((s) => visible.has(s.el.id))?.el.id;
        for (const [id, a] of links) {
          if (id === current) a?.setAttribute('aria-current', 'location');
          else a?.removeAttribute('aria-current');
        }
      },
      { rootMargin: '-20% 0px -60% 0px' },
    );
    for (const s of sections) io.observe(s.el);
  }
}
