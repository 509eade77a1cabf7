// Runs inside the page (evaluated as text, like axe: the app's CSP refuses inline scripts): what a
// person would see wrong with the screen's layout. Plain JavaScript so that nothing a compiler adds
// (helpers such as __name) reaches the page. The rules are written down in layout.ts.
async (options) => {
  const problems = [];
  const px = (value) => Number.parseFloat(value) || 0;

  // --- Naming an element: a short selector and its text, enough to find it in the source.
  const one = (el) => {
    const tag = el.tagName.toLowerCase();
    const testId = el.getAttribute('data-testid');
    if (testId) return `${tag}[data-testid=${testId}]`;
    if (el.id && !/^(:|radix-|_r)/.test(el.id)) return `${tag}#${el.id}`;
    const classes = [...el.classList].filter((c) => !/^(css-|svelte-)/.test(c)).slice(0, 2);
    return classes.length ? `${tag}.${classes.join('.')}` : tag;
  };
  const selectorOf = (el) => {
    const own = one(el);
    let parent = el.parentElement;
    while (parent && parent !== document.body && one(parent) === parent.tagName.toLowerCase()) {
      parent = parent.parentElement;
    }
    return parent && parent !== document.body ? `${one(parent)} ${own}` : own;
  };
  const clip = (text) => {
    const flat = (text || '').replace(/\s+/g, ' ').trim();
    return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
  };
  const nameOf = (el) =>
    clip(
      el.getAttribute('aria-label') ||
        el.textContent ||
        el.getAttribute('title') ||
        el.value ||
        el.getAttribute('placeholder') ||
        '',
    );

  // --- What a person can see at all.
  const hiddenByTree = (el) => Boolean(el.closest('[aria-hidden="true"], [inert], [hidden]'));
  const shown = (el) => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    if (hiddenByTree(el)) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    // Slid out of the window sideways (a closed drawer): not on the screen.
    if (rect.right <= 0 || rect.left >= window.innerWidth) return false;
    return true;
  };
  // Visually hidden on purpose, for screen readers (the 1x1 px clip pattern).
  const screenReaderOnly = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if ((cs.clip && cs.clip !== 'auto') || (cs.clipPath && cs.clipPath !== 'none')) return true;
      const rect = e.getBoundingClientRect();
      if (cs.overflow !== 'visible' && (rect.width <= 1 || rect.height <= 1)) return true;
    }
    return false;
  };
  const truncatesOnPurpose = (cs) =>
    cs.textOverflow === 'ellipsis' || (cs.webkitLineClamp && cs.webkitLineClamp !== 'none');
  const scrolls = (value) => value === 'auto' || value === 'scroll';
  const clips = (value) => value === 'hidden' || value === 'clip';

  // --- The text on the screen: every non-blank text node and the box that lays it out.
  const owners = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim()) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, template, svg, select, textarea')) continue;
    let owner = parent;
    while (owner && ['inline', 'contents'].includes(getComputedStyle(owner).display)) {
      owner = owner.parentElement;
    }
    if (!owner || !shown(parent) || screenReaderOnly(parent)) continue;
    if (!owners.has(owner)) owners.set(owner, []);
    owners.get(owner).push(node);
  }

  // 1. Clipped text: the box's content wider than the box (or taller, for one line), not cut with
  //    an ellipsis on purpose; or the text outside a box of an ancestor that hides its overflow.
  for (const [owner, nodes] of owners) {
    const cs = getComputedStyle(owner);
    const name = `${selectorOf(owner)} "${clip(owner.textContent)}"`;
    if (!truncatesOnPurpose(cs)) {
      if (!scrolls(cs.overflowX) && owner.clientWidth > 0 && owner.scrollWidth > owner.clientWidth + 1) {
        problems.push({
          kind: 'clipped',
          element: name,
          figure: `scrollWidth ${owner.scrollWidth} > clientWidth ${owner.clientWidth}`,
        });
        continue;
      }
      const fontSize = px(cs.fontSize);
      const lineHeight = cs.lineHeight === 'normal' ? fontSize * 1.2 : px(cs.lineHeight);
      const inner = owner.clientHeight - px(cs.paddingTop) - px(cs.paddingBottom);
      const oneLine = cs.whiteSpace === 'nowrap' || inner < lineHeight * 1.5;
      // Glyphs a pixel or two taller than a tight line height spill harmlessly unless the box cuts
      // them; a second line (half a line height and more) is wrapped text that does not fit.
      const excess = owner.scrollHeight - owner.clientHeight;
      if (
        oneLine &&
        !scrolls(cs.overflowY) &&
        owner.clientHeight > 0 &&
        excess > 1 &&
        (clips(cs.overflowY) || excess >= lineHeight / 2)
      ) {
        problems.push({
          kind: 'clipped',
          element: name,
          figure: `one line: scrollHeight ${owner.scrollHeight} > clientHeight ${owner.clientHeight}`,
        });
        continue;
      }
    }
    // The text's own extent against every ancestor that cuts off what sticks out.
    let extent = null;
    for (const node of nodes) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width === 0 || r.height === 0) continue;
        extent = extent
          ? {
              left: Math.min(extent.left, r.left),
              right: Math.max(extent.right, r.right),
              top: Math.min(extent.top, r.top),
              bottom: Math.max(extent.bottom, r.bottom),
            }
          : { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }
    }
    if (!extent) continue;
    let onPurpose = truncatesOnPurpose(cs);
    let escapes = cs.position === 'absolute';
    for (
      let a = owner.parentElement;
      a && a !== document.documentElement && !onPurpose;
      a = a.parentElement
    ) {
      const acs = getComputedStyle(a);
      if (escapes && acs.position === 'static') continue;
      escapes = acs.position === 'absolute';
      if (acs.position === 'fixed') break;
      if (truncatesOnPurpose(acs)) onPurpose = true;
      const box = a.getBoundingClientRect();
      const left = box.left + px(acs.borderLeftWidth);
      const right = box.right - px(acs.borderRightWidth);
      const top = box.top + px(acs.borderTopWidth);
      const bottom = box.bottom - px(acs.borderBottomWidth);
      const cutX = clips(acs.overflowX) && (extent.left < left - 1 || extent.right > right + 1);
      const cutY = clips(acs.overflowY) && (extent.top < top - 1 || extent.bottom > bottom + 1);
      if (!onPurpose && (cutX || cutY)) {
        const by = cutX
          ? `text ${Math.round(extent.left)}–${Math.round(extent.right)} px, box ${Math.round(left)}–${Math.round(right)} px`
          : `text ${Math.round(extent.top)}–${Math.round(extent.bottom)} px, box ${Math.round(top)}–${Math.round(bottom)} px (height)`;
        problems.push({ kind: 'clipped', element: name, figure: `cut off by ${one(a)}: ${by}` });
        break;
      }
      // What a scroll container hides, a person scrolls to.
      if (scrolls(acs.overflowX) || scrolls(acs.overflowY)) break;
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1) {
    problems.push({
      kind: 'clipped',
      element: 'html (the page)',
      figure: `page wider than the window: scrollWidth ${page.scrollWidth} > ${window.innerWidth}`,
    });
  }

  // 2. Contrast of the text with what is painted behind it (WCAG 1.4.3).
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const colour = (css) => {
    const m = /^rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\)$/.exec(css);
    if (m) {
      const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? px(m[4]) / 100 : px(m[4]);
      return { r: px(m[1]), g: px(m[2]), b: px(m[3]), a: alpha };
    }
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return { r, g, b, a: a / 255 };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = (c) => {
    const lin = (v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  };
  const hex = (c) => `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  const rootScheme = getComputedStyle(page).colorScheme;
  const canvasColour =
    /dark/.test(rootScheme) && !/light/.test(rootScheme)
      ? { r: 18, g: 18, b: 18, a: 1 }
      : { r: 255, g: 255, b: 255, a: 1 };
  for (const owner of owners.keys()) {
    if (owner.closest(':disabled, [aria-disabled="true"]')) continue;
    const cs = getComputedStyle(owner);
    const layers = [];
    let unknown = false;
    let opacity = 1;
    for (let a = owner; a; a = a.parentElement) {
      const acs = getComputedStyle(a);
      opacity *= px(acs.opacity === '' ? '1' : acs.opacity) || 0;
      if (acs.backgroundImage !== 'none') {
        unknown = true; // a picture or a gradient: no one colour to measure against
        break;
      }
      const bg = colour(acs.backgroundColor);
      if (bg.a > 0) layers.push(bg);
      if (bg.a >= 1) break;
    }
    if (unknown) continue;
    let background = canvasColour;
    for (const layer of layers.reverse()) background = over(layer, background);
    const text = colour(cs.color);
    const shownText = over({ ...text, a: text.a * opacity }, background);
    const l1 = luminance(shownText);
    const l2 = luminance(background);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = px(cs.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    if (ratio < needed - 0.005) {
      problems.push({
        kind: 'contrast',
        element: `${selectorOf(owner)} "${clip(owner.textContent)}"`,
        figure: `${ratio.toFixed(2)}:1 < ${needed}:1 (${hex(shownText)} on ${hex(background)}, ${size}px${large ? ' large' : ''})`,
      });
    }
  }

  // 3. Hit areas of the controls (only where options.targets: the hostess's screens).
  if (options.targets) {
    const measured = new Set();
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [role=checkbox], [role=radio], [role=switch]',
    );
    for (const control of controls) {
      let el = control;
      const type = control.getAttribute('type');
      if (control.tagName === 'INPUT' && (type === 'checkbox' || type === 'radio')) {
        // The label is what the thumb hits (the box itself is often drawn small or hidden).
        el = control.labels?.[0] ?? control;
      }
      if (measured.has(el)) continue;
      measured.add(el);
      if (!shown(el) || screenReaderOnly(el)) continue;
      // A link inside running text (WCAG 2.5.8's inline exception): the sentence sets its size.
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
        const block = el.parentElement;
        const rest = [...(block?.childNodes ?? [])]
          .filter((n) => n !== el)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        if (rest) continue;
      }
      const rect = el.getBoundingClientRect();
      let width = rect.width;
      let height = rect.height;
      if (width < 43.5 || height < 43.5) {
        // What is really hit: from the middle outwards while the point still lands on the control
        // (a padded ::before/::after counts; a neighbour drawn on top does not).
        el.scrollIntoView({ block: 'center', inline: 'center' });
        const r = el.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        const hits = (x, y) => {
          const at = document.elementFromPoint(x, y);
          return Boolean(at && (at === el || el.contains(at) || (el.control && at === el.control)));
        };
        if (hits(cx, cy)) {
          let left = cx;
          let right = cx;
          let top = cy;
          let bottom = cy;
          while (cx - left < 60 && hits(left - 1, cy)) left -= 1;
          while (right - cx < 60 && hits(right + 1, cy)) right += 1;
          while (cy - top < 60 && hits(cx, top - 1)) top -= 1;
          while (bottom - cy < 60 && hits(cx, bottom + 1)) bottom += 1;
          width = Math.max(width, right - left + 1);
          height = Math.max(height, bottom - top + 1);
        }
      }
      if (width < 43.5 || height < 43.5) {
        problems.push({
          kind: 'target',
          element: `${selectorOf(el)} "${nameOf(el === control ? control : el)}"`,
          figure: `${Math.round(width)}x${Math.round(height)} px < 44x44`,
        });
      }
    }
    window.scrollTo(0, 0);
  }
  return problems;
};
