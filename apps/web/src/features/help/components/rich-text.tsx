import { formatDate, VIEWER_ZONE } from '../../../lib/format-dates';

/**
 * Article and agreement text as staff write it: paragraphs split by blank lines, lines starting
 * with "•" or "-" as a list. Plain text only (no HTML from the database reaches the page).
 */
export function RichText({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/).map((block) => block.split('\n').filter((line) => line.trim()));
  return (
    <>
      {blocks.map((lines, index) => {
        const key = `${index}-${lines[0]?.slice(0, 24) ?? ''}`;
        const isList = lines.length > 0 && lines.every((line) => /^\s*[•-]\s/.test(line));
        if (isList) {
          return (
            <ul key={key}>
              {lines.map((line) => (
                <li key={line}>{line.replace(/^\s*[•-]\s/, '')}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{lines.join(' ')}</p>;
      })}
    </>
  );
}

/** The day an agreement was published or accepted, on the reader's clock (it belongs to no city). */
export const formatDay = (iso: string, language: string) => formatDate(iso, language, VIEWER_ZONE);
