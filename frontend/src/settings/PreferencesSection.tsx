import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import type { Preferences } from '@cc/contracts';
import { useTheme } from 'react-admin';
import { SettingsCard } from './SettingsCard';
import { usePreferences, useSavePreferences } from './preferences';

export function PreferencesLoading({ label }: { label: string }) {
  return (
    <Box sx={{ mt: 2 }} aria-busy="true" aria-label={label}>
      <Skeleton height={40} />
      <Skeleton height={40} />
      <Skeleton height={40} />
    </Box>
  );
}

export function PreferencesError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mt: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      Your preferences could not be loaded.
    </Alert>
  );
}

export function SettingSwitch(props: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', justifyContent: 'space-between', m: 0, gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      labelPlacement="start"
      control={<Switch checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} data-testid={props.testId} />}
      label={
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{props.label}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {props.description}
          </Typography>
        </Box>
      }
    />
  );
}

/** Theme, auto-save and AI recommendations, each saved as soon as it changes. */
export function PreferencesSection() {
  const preferences = usePreferences();
  return (
    <SettingsCard id="preferences" title="Preferences" description="Changes are saved as you make them.">
      {preferences.isPending ? (
        <PreferencesLoading label="Loading preferences" />
      ) : preferences.isError ? (
        <PreferencesError onRetry={() => void preferences.refetch()} />
      ) : (
        <PreferenceControls preferences={preferences.data} />
      )}
    </SettingsCard>
  );
}

function PreferenceControls({ preferences }: { preferences: Preferences }) {
  const save = useSavePreferences();
  const [theme, setTheme] = useTheme();
  const mode = theme === 'dark' ? 'dark' : 'light';
  return (
    <Box sx={{ mt: 2, display: 'grid' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box>
          <Typography id="theme-label" sx={{ fontWeight: 600 }}>
            Theme
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Saved to your account and used on this device.
          </Typography>
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          aria-labelledby="theme-label"
          onChange={(_event, value: 'light' | 'dark' | null) => {
            if (!value) return;
            setTheme(value);
            save.mutate({ theme: value });
          }}
        >
          <ToggleButton value="light" sx={{ gap: 0.75, px: 1.5 }}>
            <LightModeOutlined fontSize="small" aria-hidden /> Light
          </ToggleButton>
          <ToggleButton value="dark" sx={{ gap: 0.75, px: 1.5 }}>
            <DarkModeOutlined fontSize="small" aria-hidden /> Dark
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <SettingSwitch
        label="Auto-save"
        description="Save claim package and letter drafts automatically while you type."
        checked={preferences.autoSave}
        onChange={(autoSave) => save.mutate({ autoSave })}
      />
      <SettingSwitch
        label="AI Recommendations"
        description="Show AI suggestions for conditions, evidence and next steps."
        checked={preferences.aiRecommendations}
        onChange={(aiRecommendations) => save.mutate({ aiRecommendations })}
      />
    </Box>
  );
}
