import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { isValidElement, useId } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME, focusVisibleStyles, usePublicPage } from '../landing/publicPage';

/** A paragraph (plain text, or an element when it needs inline markup such as a link) or a bullet list. */
export type LegalBlock = string | ReactElement | { readonly list: readonly string[] };

export interface LegalSection {
  readonly title: string;
  readonly blocks: readonly LegalBlock[];
}

interface LegalPageProps {
  title: string;
  /** Shown under the title, e.g. "Effective August 22, 2025". */
  dateLine: string;
  sections: readonly LegalSection[];
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string' || isValidElement(block)) {
    return <Typography sx={{ mt: 1.5, lineHeight: 1.7 }}>{block}</Typography>;
  }
  return (
    <Box component="ul" sx={{ mt: 1.5, mb: 0, pl: 3 }}>
      {block.list.map((item) => (
        <Typography component="li" key={item} sx={{ lineHeight: 1.7, mt: 0.5 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

function Section({ number, section }: { number: number; section: LegalSection }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {number}. {section.title}
      </Typography>
      {section.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </Box>
  );
}

function HomeButton({ label }: { label: string }) {
  return (
    <Button component={RouterLink} to="/" variant="outlined" startIcon={<ArrowBack aria-hidden />}>
      {label}
    </Button>
  );
}

export function LegalPage({ title, dateLine, sections }: LegalPageProps) {
  usePublicPage(title);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary', ...focusVisibleStyles }}>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        <Box component="header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <HomeButton label="Back to Home" />
          <Typography component="p" variant="subtitle1" color="text.secondary" sx={{ fontWeight: 600 }}>
            {PRODUCT_NAME}
          </Typography>
        </Box>
        <Box component="main" sx={{ mt: { xs: 3, md: 5 } }}>
          <Typography component="h1" variant="h3" sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '2.5rem' } }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {dateLine}
          </Typography>
          {sections.map((section, index) => (
            <Section key={section.title} number={index + 1} section={section} />
          ))}
        </Box>
        <Divider sx={{ my: 4 }} />
        <Box component="footer">
          <HomeButton label="Return" />
        </Box>
      </Container>
    </Box>
  );
}
