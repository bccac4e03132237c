import { loadFontUrl } from '@printloom/renderer';
import { useEffect, useState } from 'react';

/** A line of sample text drawn in a font loaded by its address, as the editor loads it. */
export function FontPreview({ url, label }: { url: string; label: string }) {
  const [family, setFamily] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let loading: Promise<string>;
    try {
      loading = loadFontUrl(url);
    } catch {
      setFailed(true);
      return;
    }
    loading.then(
      (name) => live && setFamily(name),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return <span className="text-body-secondary small">Preview unavailable</span>;
  return (
    <span
      style={{ fontFamily: family ? `"${family}"` : undefined, fontSize: '1.4rem' }}
      title={`Sample of ${label}`}
    >
      {family ? 'Happy Birthday, Alex 123' : '…'}
    </span>
  );
}
