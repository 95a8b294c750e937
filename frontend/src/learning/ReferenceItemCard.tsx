import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import type { ReferenceItem, ReferenceList } from '@cc/contracts';
import { ExternalLink } from '../common/ExternalLink';

/**
 * One reference item: its name and code, then what the list knows of it. Treatment centers show
 * address, phone and website only where known (the bundled source has none), and always a link to
 * VA's facility locator page of the station, which has them.
 */
export function ReferenceItemCard({ list, item }: { list: ReferenceList; item: ReferenceItem }) {
  const address = [item.address, item.city, item.state, item.zip].filter(Boolean).join(', ');
  return (
    <Box component="li" data-testid="reference-item" sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 700, overflowWrap: 'anywhere', '&::first-letter': { textTransform: 'uppercase' } }}>
          {item.name}
        </Typography>
        {item.code && list !== 'service-branches' && list !== 'special-circumstances' ? (
          <Chip
            size="small"
            label={list === 'disabilities' ? `DC ${item.code}` : item.code}
            sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', flexShrink: 0 }}
          />
        ) : null}
      </Box>
      {item.category && list !== 'special-circumstances' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {list === 'treatment-centers' ? `${item.type} · ${item.stateName ?? item.state}` : item.category}
        </Typography>
      ) : null}
      {item.active === false ? (
        <Chip
          size="small"
          variant="outlined"
          icon={<HistoryOutlined aria-hidden />}
          label={`No longer used${item.endDate ? ` since ${item.endDate}` : ''}`}
          sx={{ mt: 0.75 }}
        />
      ) : null}
      {item.description ? (
        <Typography variant="body2" sx={{ mt: 0.75 }}>
          {item.description}
        </Typography>
      ) : null}
      {item.synonyms && item.synonyms.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Also called: {item.synonyms.join(', ')}
        </Typography>
      ) : null}
      {list === 'treatment-centers' ? (
        <Box sx={{ mt: 0.75, display: 'grid', gap: 0.25 }}>
          {address ? <Typography variant="body2">{address}</Typography> : null}
          {item.phone ? (
            <Link href={`tel:${item.phone.replace(/[^\d+]/g, '')}`} variant="body2">
              {item.phone}
            </Link>
          ) : null}
          {item.website ? <ExternalLink href={item.website}>Website</ExternalLink> : null}
          {item.facilityLocatorUrl ? <ExternalLink href={item.facilityLocatorUrl}>Address, phone and hours on VA.gov</ExternalLink> : null}
        </Box>
      ) : null}
    </Box>
  );
}
