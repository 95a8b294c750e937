import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { memberTier, WIZARD_TOASTS, templateName, type PdforgeTemplateId } from '@cc/contracts';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useClaims } from '../claims/queries';
import { useDocuments } from '../documents/queries';
import { usePreferences } from '../settings/preferences';
import { useToast } from '../toast/useToast';
import { ClaimPackageWizard, LAST_STEP, sectionOf, validateClaimPackage } from './ClaimPackageWizard';
import { NexusLetterForm, nexusWeaknesses, validateNexusLetter } from './NexusLetterForm';
import { PdfPlanNotice } from './PdfPlanNotice';
import {
  emptyClaimPackage,
  emptyNexusLetter,
  loadDraft,
  nexusLetterForLink,
  prefillClaimPackage,
  prefillNexusLetter,
  saveDraft,
  type ClaimPackageDraft,
  type NexusDraft,
  type NexusLink,
} from './model';
import { useDraftAutosave } from './useDraftAutosave';
import { useGeneratePdf, type FieldErrors } from './useGeneratePdf';

export interface FillableFormDialogProps {
  templateId: PdforgeTemplateId;
  open: boolean;
  onClose: () => void;
  /** The nexus letter opened from a link (the evidence map's next step), prefilled with its condition. */
  link?: NexusLink | null;
}

type Draft = ClaimPackageDraft | NexusDraft;

/**
 * The fillable-form dialog of the pdfforge tab (doc 2 §2.1, §2.2), opened with a template id:
 * the seven-section claim package wizard or the nexus letter form. Prefilled from the user (and
 * their claims and documents), with a per-template draft in localStorage.
 */
export function FillableFormDialog({ templateId, open, onClose, link = null }: FillableFormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const { toast } = useToast();
  const { user, isPending: userPending } = useCurrentUser();
  const claims = useClaims();
  const documents = useDocuments({ q: '', processingStatus: null });
  const isPackage = templateId === 'disability-claim-package';
  // The server refuses generation on a plan without the template library; the notice says so first.
  const canGenerate = user ? memberTier(user.memberTier).hasTemplateLibrary : true;

  const [draft, setDraft] = useState<Draft | null>(null);
  const [version, setVersion] = useState(0);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [documentText, setDocumentText] = useState('');
  // Set when the dialog has filled its form for this opening; `fromDraft` when a saved draft came back.
  const [loaded, setLoaded] = useState<{ fromDraft: boolean } | null>(null);

  // The form's data is ready once the user, claims and documents answered (or failed: the prefill
  // from claims and documents goes beyond the spec and is left out then).
  const ready = !userPending && !claims.isPending && !documents.isPending;
  if (!open && loaded !== null) {
    setLoaded(null);
    setDraft(null);
  }
  if (open && loaded === null && ready) {
    const stored = loadDraft<Draft>(templateId, isPackage ? emptyClaimPackage() : emptyNexusLetter());
    if (!isPackage && link) {
      const fromLink = nexusLetterForLink(link, stored as NexusDraft | null, prefillNexusLetter(user, claims.data ?? []));
      setDraft(fromLink.draft);
      setLoaded({ fromDraft: fromLink.fromDraft });
    } else if (stored) {
      setDraft(stored);
      setLoaded({ fromDraft: true });
    } else {
      setDraft(
        isPackage
          ? prefillClaimPackage(user, claims.data ?? [], documents.data?.documents ?? [])
          : prefillNexusLetter(user, claims.data ?? []),
      );
      setLoaded({ fromDraft: false });
    }
    setVersion(0);
    setStep(0);
    setErrors({});
    setDocumentText('');
  }
  const announceDraft = useEffectEvent(() =>
    toast({ title: WIZARD_TOASTS.draftLoaded, description: `Your saved ${templateName(templateId)} draft is back.` }),
  );
  useEffect(() => {
    if (loaded?.fromDraft) announceDraft();
  }, [loaded]);

  // The Auto-save setting: until it is known nothing saves by itself; when it cannot be read, its default (on) holds.
  const preferences = usePreferences();
  const autoSave = preferences.data?.autoSave ?? preferences.isError;
  const { saving } = useDraftAutosave(templateId, draft ?? {}, version, Boolean(draft?.veteran_full_name.trim()), autoSave);
  const change = (next: Draft | ((previous: Draft) => Draft)) => {
    setDraft((previous) => (previous === null ? previous : typeof next === 'function' ? next(previous) : next));
    setVersion((v) => v + 1);
  };
  const validate = () =>
    draft ? (isPackage ? validateClaimPackage(draft as ClaimPackageDraft) : validateNexusLetter(draft as NexusDraft)) : null;
  const { generate, busy } = useGeneratePdf(templateId, validate);

  const [confirmWeak, setConfirmWeak] = useState(false);
  const onGenerate = async (confirmed = false) => {
    if (!draft) return;
    // The nexus letter is checked before it is generated (DOMAIN §3.3): serious weaknesses are confirmed first.
    if (!isPackage && !confirmed && !validate() && nexusWeaknesses(draft as NexusDraft).some((w) => w.severity === 'serious')) {
      setConfirmWeak(true);
      return;
    }
    setConfirmWeak(false);
    const body = isPackage ? draft : { ...draft, records_reviewed: (draft as NexusDraft).records_reviewed.filter((r) => r.trim()) };
    const found = await generate(body);
    setErrors(found ?? {});
    const first = found ? Object.keys(found)[0] : undefined;
    if (first !== undefined && isPackage) setStep(sectionOf(first));
  };

  const knownRatings = (claims.data ?? []).filter((c) => c.isApproved && c.ratingPercentage !== null).map((c) => c.ratingPercentage!);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      data-testid="fillable-form-dialog"
      // Toasts sit at the bottom right, above dialogs: the footer's buttons stay clear of them.
      slotProps={{ paper: { sx: { mb: { md: 16 }, maxHeight: { md: 'calc(100% - 160px)' } } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 6 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          {templateName(templateId)}
        </Box>
        {saving && <Chip size="small" label="Saving..." color="info" variant="outlined" role="status" />}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {!canGenerate && <PdfPlanNotice />}
        {draft === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading your details" />
          </Box>
        ) : isPackage ? (
          <ClaimPackageWizard
            step={step}
            onStep={setStep}
            draft={draft as ClaimPackageDraft}
            onChange={change as (next: ClaimPackageDraft | ((p: ClaimPackageDraft) => ClaimPackageDraft)) => void}
            errors={errors}
            documentText={documentText}
            onDocumentText={setDocumentText}
            knownRatings={knownRatings}
          />
        ) : (
          <NexusLetterForm draft={draft as NexusDraft} onChange={change} errors={errors} />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 1.5 }}>
        {isPackage && (
          <Button onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
            Previous
          </Button>
        )}
        <Button
          onClick={() => {
            if (!draft) return;
            saveDraft(templateId, draft);
            toast({ title: WIZARD_TOASTS.draftSaved });
          }}
          disabled={!draft}
        >
          Save Draft
        </Button>
        {preferences.data?.autoSave === false && (
          <Typography variant="body2" color="text.secondary" data-testid="autosave-off">
            Auto-save is off in Settings: use Save Draft to keep your changes.
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Cancel</Button>
        {isPackage && step < LAST_STEP ? (
          <Button variant="contained" onClick={() => setStep((s) => Math.min(LAST_STEP, s + 1))} disabled={!draft}>
            Next
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void onGenerate()}
            disabled={!draft || busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? 'Generating…' : 'Generate PDF'}
          </Button>
        )}
      </DialogActions>
      {!isPackage && draft && (
        <Dialog open={confirmWeak} onClose={() => setConfirmWeak(false)} aria-labelledby={`${titleId}-weak`} maxWidth="sm">
          <DialogTitle id={`${titleId}-weak`}>This letter would be given less weight</DialogTitle>
          <DialogContent>
            <Box component="ul" sx={{ pl: 2, m: 0 }}>
              {nexusWeaknesses(draft as NexusDraft)
                .filter((w) => w.severity === 'serious')
                .map((w) => (
                  <li key={w.code}>{w.message}</li>
                ))}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmWeak(false)}>Keep editing</Button>
            <Button variant="contained" color="warning" onClick={() => void onGenerate(true)}>
              Generate anyway
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Dialog>
  );
}
