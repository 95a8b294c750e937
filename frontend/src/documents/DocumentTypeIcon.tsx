import Box from '@mui/material/Box';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import TextSnippetOutlined from '@mui/icons-material/TextSnippetOutlined';
import type { DocumentKind } from './format';

const ICONS: Record<DocumentKind, typeof DescriptionOutlined> = {
  pdf: PictureAsPdfOutlined,
  word: DescriptionOutlined,
  excel: TableChartOutlined,
  powerpoint: SlideshowOutlined,
  image: ImageOutlined,
  text: TextSnippetOutlined,
  other: InsertDriveFileOutlined,
};

/** The file-type icon of a card (decorative: the type is also written next to the size). */
export function DocumentTypeIcon({ kind }: { kind: DocumentKind }) {
  const Icon = ICONS[kind];
  return (
    <Box
      component="span"
      aria-hidden
      data-kind={kind}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 44,
        height: 44,
        flexShrink: 0,
        borderRadius: 2,
        bgcolor: 'action.hover',
        color: kind === 'pdf' ? 'error.main' : 'primary.main',
      }}
    >
      <Icon />
    </Box>
  );
}
