import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Article from '@mui/icons-material/ArticleOutlined';
import Description from '@mui/icons-material/DescriptionOutlined';
import Gavel from '@mui/icons-material/GavelOutlined';
import Folder from '@mui/icons-material/FolderOutlined';
import Public from '@mui/icons-material/PublicOutlined';
import { splitSources, type Citation } from '@cc/contracts';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';

const isInternal = (href: string | undefined) => Boolean(href?.startsWith('/'));

/** Links: the app's own pages in the app, anything else in a new tab without access to this page. */
const components: Components = {
  a: ({ href, children }) =>
    isInternal(href) ? (
      <Link component={RouterLink} to={href!}>
        {children}
      </Link>
    ) : (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    ),
};

/**
 * An answer's text as Markdown. Raw HTML is never rendered (`skipHtml`), and react-markdown drops
 * unsafe link targets (javascript: and the like), so a model's or a user's text cannot inject markup.
 */
export function Markdownish({ text }: { text: string }) {
  return (
    <Box
      sx={{
        '& p': { my: 0.75 },
        '& p:first-of-type': { mt: 0 },
        '& p:last-of-type': { mb: 0 },
        '& ul, & ol': { my: 0.75, pl: 3 },
        '& li': { my: 0.25 },
        overflowWrap: 'anywhere',
      }}
    >
      <Markdown skipHtml components={components}>
        {text}
      </Markdown>
    </Box>
  );
}

const ICONS: Record<Citation['kind'], typeof Gavel> = {
  regulation: Gavel,
  statute: Gavel,
  case: Gavel,
  form: Description,
  'va-page': Public,
  'app-page': Article,
  claim: Folder,
  document: Folder,
};

/** The sources of an answer as chips: links where there is an address. */
export function SourceChips({ citations }: { citations: Citation[] }) {
  if (citations.length === 0) return null;
  return (
    <Box component="section" aria-label="Sources" sx={{ mt: 1.25 }} data-testid="message-sources">
      <Typography variant="caption" component="h3" sx={{ fontWeight: 700, color: 'text.secondary', display: 'block', mb: 0.5 }}>
        Sources
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}>
        {citations.map((c) => {
          const Icon = ICONS[c.kind];
          const common = {
            icon: <Icon aria-hidden fontSize="small" />,
            label: c.label,
            size: 'small' as const,
            variant: 'outlined' as const,
            title: c.title,
          };
          return (
            <li key={`${c.kind}:${c.label}`}>
              {c.url && isInternal(c.url) ? (
                <Chip {...common} clickable component={RouterLink} to={c.url} data-testid="source-chip" />
              ) : c.url ? (
                <Chip
                  {...common}
                  clickable
                  component="a"
                  href={c.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="source-chip"
                />
              ) : (
                <Chip {...common} data-testid="source-chip" />
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

/** An assistant message: the text without its sources block, then the sources as chips (or the block, while no chips are known). */
export function AnswerContent({ content, citations }: { content: string; citations: Citation[] }) {
  const { body } = splitSources(content);
  // Half-streamed text can end in a lone "-" (a list item on its way), which Markdown would read as
  // a heading underline for a moment; it is left out until the item's words arrive.
  const text = (citations.length > 0 ? body : content).replace(/\n[ \t]*[-=*+]+[ \t]*$/, '\n');
  return (
    <>
      <Markdownish text={text} />
      {citations.length > 0 ? <SourceChips citations={citations} /> : null}
    </>
  );
}
