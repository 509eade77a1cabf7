import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('text in HTML messages', () => {
  it('never becomes markup: tags, entities and quotes are escaped, everything else kept', () => {
    expect(escapeHtml('<b>Ира</b> & "Ко" <a href="tg://x">')).toBe(
      '&lt;b&gt;Ира&lt;/b&gt; &amp; &quot;Ко&quot; &lt;a href=&quot;tg://x&quot;&gt;',
    );
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
    // Emoji, direction marks and zero-width characters are text to Telegram: kept as they are.
    expect(escapeHtml('Ольга 👩‍🍳 \u202Eанна\u200B')).toBe('Ольга 👩‍🍳 \u202Eанна\u200B');
  });
});
