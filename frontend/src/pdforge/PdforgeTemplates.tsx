import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import LocalHospitalOutlinedIcon from '@mui/icons-material/LocalHospitalOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PDFORGE_TEMPLATES, type PdforgeTemplateId } from '@cc/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FillableFormDialog } from './FillableFormDialog';
import { nexusLinkOf } from './model';

/** The address parts of a link that opens a template (the evidence map's "nexus letter" next step). */
const LINK_PARAMS = ['template', 'claimId', 'condition', 'connection', 'primary'] as const;
const isTemplateId = (value: string | null): value is PdforgeTemplateId => PDFORGE_TEMPLATES.some((t) => t.id === value);

const ABOUT: Record<PdforgeTemplateId, { text: string; icon: typeof ArticleOutlinedIcon }> = {
  'disability-claim-package': {
    text: 'A complete claim package in seven sections: objectives, service timeline, current ratings, claims and evidence, previous denials, attachments and a review, as one PDF.',
    icon: ArticleOutlinedIcon,
  },
  'nexus-letter': {
    text: 'A letter for your doctor to complete and sign: the opinion in the VA’s standard language, the rationale, the records reviewed and the signature block. It is checked for what would weaken it.',
    icon: LocalHospitalOutlinedIcon,
  },
};

/**
 * The pdfforge tab's two templates (doc 2 §2.2); choosing one opens the fillable-form dialog with its
 * id. `?template=nexus-letter&condition=…&claimId=…` opens the nexus letter prefilled from the address.
 */
export function PdforgeTemplates() {
  const [params, setParams] = useSearchParams();
  const linked = params.get('template');
  const link = useMemo(() => (linked === 'nexus-letter' ? nexusLinkOf(params) : null), [linked, params]);
  const [chosenId, setChosenId] = useState<PdforgeTemplateId | null>(null);
  const openId = chosenId ?? (isTemplateId(linked) ? linked : null);
  const close = () => {
    setChosenId(null);
    if (linked === null) return;
    const next = new URLSearchParams(params);
    for (const name of LINK_PARAMS) next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {PDFORGE_TEMPLATES.map((t) => {
          const { text, icon: Icon } = ABOUT[t.id];
          return (
            <Card
              key={t.id}
              variant="outlined"
              data-testid="fillable-template"
              data-template={t.id}
              sx={{ display: 'flex', flexDirection: 'column' }}
            >
              <CardContent sx={{ flex: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                  <Icon color="primary" aria-hidden />
                  <Typography variant="h6" component="h2">
                    {t.name}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </CardContent>
              <CardActions>
                <Button variant="contained" onClick={() => setChosenId(t.id)} aria-label={`Fill in ${t.name}`}>
                  Fill in
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Box>
      {openId && <FillableFormDialog templateId={openId} open onClose={close} link={chosenId === null ? link : null} />}
    </Box>
  );
}
