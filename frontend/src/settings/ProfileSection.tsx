import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import {
  AWARD_DEVICES,
  AWARDS,
  BRANCH_LABELS,
  BRANCH_OPTIONS,
  COMBAT_THEATERS,
  DISCHARGE_LABELS,
  DISCHARGE_OPTIONS,
  profileBody,
  type User,
} from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/http';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useToast } from '../toast/useToast';
import { updateProfile } from './api';
import { OccupationField } from './OccupationField';
import { SettingsCard } from './SettingsCard';

interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  bio: string;
  branchOfService: string;
  yearsServed: string;
  dischargeType: string;
  disabilityRating: string;
  operationTheaters: string[];
  awards: string[];
  devices: string[];
  mos: string;
  subMos: string;
  vaFileNumber: string;
  ssnLast4: string;
}

type Errors = Partial<Record<keyof ProfileForm, string>>;

function formOf(user: User): ProfileForm {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    name: user.name || fullName,
    email: user.email,
    phone: user.phone ?? '',
    bio: user.bio ?? '',
    branchOfService: user.branchOfService ?? '',
    yearsServed: user.yearsServed === null || user.yearsServed === undefined ? '' : String(user.yearsServed),
    dischargeType: user.dischargeType ?? '',
    disabilityRating: user.disabilityRating === null || user.disabilityRating === undefined ? '' : String(user.disabilityRating),
    operationTheaters: user.operationTheaters ?? [],
    awards: user.awards ?? [],
    devices: user.devices ?? [],
    mos: user.mos ?? '',
    subMos: user.subMos ?? '',
    vaFileNumber: user.vaFileNumber ?? '',
    ssnLast4: user.ssnLast4 ?? '',
  };
}

/** The stored last four as a masked SSN; the full number is never asked for or kept. */
export const maskedSsnLast4 = (last4: string) => `***-**-${last4}`;

function errorsOf(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as keyof ProfileForm;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The profile form of spec doc 2 §5; saved with `PUT /api/auth/profile`. */
export function ProfileSection() {
  const { user, isPending } = useCurrentUser();
  return (
    <SettingsCard id="profile" title="Profile" description="Your details help the AI tailor recommendations to your service history.">
      {isPending || !user ? (
        <Box sx={{ mt: 2 }} aria-busy="true" aria-label="Loading profile">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={120} />
        </Box>
      ) : (
        <ProfileFormFields key={user.id} user={user} />
      )}
    </SettingsCard>
  );
}

function ProfileFormFields({ user }: { user: User }) {
  const { refetch } = useCurrentUser();
  const { toast } = useToast();
  const [form, setForm] = useState<ProfileForm>(() => formOf(user));
  const [errors, setErrors] = useState<Errors>({});
  const set =
    <K extends keyof ProfileForm>(field: K) =>
    (value: ProfileForm[K]) => {
      setForm((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    };

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: () => {
      toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
      refetch();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(errorsOf(error.fieldErrors.map((e) => ({ path: [e.field], message: e.message }))));
      toast({ title: 'Error', description: 'Failed to update profile', variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileBody.safeParse(form);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    save.mutate(parsed.data);
  };

  const text = (field: 'name' | 'phone' | 'yearsServed' | 'disabilityRating' | 'vaFileNumber' | 'ssnLast4') => ({
    id: `profile-${field}`,
    name: field,
    value: form[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field)(event.target.value),
    error: Boolean(errors[field]),
    fullWidth: true,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Profile"
      sx={{ mt: 2.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <TextField {...text('name')} label="Full Name" required autoComplete="name" helperText={errors.name} />
      <TextField
        id="profile-email"
        label="Email"
        value={form.email}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
        error={Boolean(errors.email)}
        helperText={errors.email ?? 'Linked to your VA account; it cannot be changed here.'}
      />
      <TextField {...text('phone')} label="Phone" type="tel" autoComplete="tel" helperText={errors.phone} />
      <TextField
        id="profile-branch"
        select
        label="Branch of Service"
        value={form.branchOfService}
        onChange={(event) => set('branchOfService')(event.target.value)}
        error={Boolean(errors.branchOfService)}
        helperText={errors.branchOfService}
        fullWidth
      >
        <MenuItem value="">Not specified</MenuItem>
        {BRANCH_OPTIONS.map((branch) => (
          <MenuItem key={branch} value={branch}>
            {BRANCH_LABELS[branch]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...text('yearsServed')}
        label="Years Served"
        type="number"
        slotProps={{ htmlInput: { min: 0, max: 50, step: 1, inputMode: 'numeric' } }}
        helperText={errors.yearsServed ?? '0 to 50'}
      />
      <TextField
        id="profile-discharge"
        select
        label="Discharge Type"
        value={form.dischargeType}
        onChange={(event) => set('dischargeType')(event.target.value)}
        error={Boolean(errors.dischargeType)}
        helperText={errors.dischargeType}
        fullWidth
      >
        <MenuItem value="">Not specified</MenuItem>
        {DISCHARGE_OPTIONS.map((discharge) => (
          <MenuItem key={discharge} value={discharge}>
            {DISCHARGE_LABELS[discharge]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...text('disabilityRating')}
        label="Current VA Disability Rating (%)"
        type="number"
        slotProps={{ htmlInput: { min: 0, max: 100, step: 10, inputMode: 'numeric' } }}
        helperText={errors.disabilityRating ?? 'Leave empty if you have no rating yet'}
      />
      <OccupationField
        id="profile-mos"
        label="Primary MOS / Rating / AFSC"
        branch={form.branchOfService}
        value={form.mos}
        onChange={set('mos')}
        error={errors.mos}
      />
      <OccupationField
        id="profile-subMos"
        label="Secondary MOS"
        branch={form.branchOfService}
        value={form.subMos}
        onChange={set('subMos')}
        error={errors.subMos}
        optional
      />
      <TextField
        {...text('vaFileNumber')}
        label="VA File Number"
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
        helperText={errors.vaFileNumber ?? '8 or 9 digits, from your VA letters; fills your claim package'}
      />
      <TextField
        {...text('ssnLast4')}
        label="SSN Last 4"
        type="password"
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        helperText={
          errors.ssnLast4 ?? (user.ssnLast4 ? `On file: ${maskedSsnLast4(user.ssnLast4)}` : 'Only the last 4 digits; kept encrypted')
        }
      />
      <PickList
        id="profile-theaters"
        label="Combat Theaters / Operations"
        options={COMBAT_THEATERS}
        value={form.operationTheaters}
        onChange={set('operationTheaters')}
        error={errors.operationTheaters}
      />
      <PickList
        id="profile-awards"
        label="Awards and Decorations"
        options={AWARDS}
        value={form.awards}
        onChange={set('awards')}
        error={errors.awards}
      />
      <PickList
        id="profile-devices"
        label="Award Devices"
        options={AWARD_DEVICES}
        value={form.devices}
        onChange={set('devices')}
        error={errors.devices}
      />
      <TextField
        id="profile-bio"
        label="Bio"
        multiline
        minRows={3}
        value={form.bio}
        onChange={(event) => set('bio')(event.target.value)}
        error={Boolean(errors.bio)}
        helperText={errors.bio}
        fullWidth
        sx={{ gridColumn: '1 / -1' }}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </Box>
    </Box>
  );
}

function PickList(props: {
  id: string;
  label: string;
  options: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  return (
    <Autocomplete
      id={props.id}
      multiple
      options={props.options as string[]}
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      filterSelectedOptions
      sx={{ gridColumn: '1 / -1' }}
      renderInput={(params) => (
        <TextField {...params} label={props.label} error={Boolean(props.error)} helperText={props.error ?? 'Type to search the list'} />
      )}
    />
  );
}
