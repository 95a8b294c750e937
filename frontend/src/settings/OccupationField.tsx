import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { loadMilitaryOccupations, occupationLabel, type MilitaryOccupation } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { occupationHelp } from './occupationHelp';

/**
 * The MOS fields: a pick list of the chosen branch's occupations where public data has one (Army,
 * Navy, Air Force, Marine Corps), always accepting free text, so an unlisted occupation or one of
 * a branch without a list can still be typed.
 */
export function OccupationField(props: {
  id: string;
  label: string;
  branch: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  optional?: boolean;
}) {
  const occupations = useQuery({
    queryKey: ['military-occupations', props.branch],
    queryFn: () => loadMilitaryOccupations(props.branch),
    staleTime: Infinity,
  });
  const options = (occupations.data ?? []).map((o: MilitaryOccupation) => occupationLabel(o));
  const listed = options.length > 0;
  return (
    <Autocomplete
      id={props.id}
      freeSolo
      options={options}
      inputValue={props.value}
      onInputChange={(_event, value) => props.onChange(value)}
      // The list is long: show matches only once something is typed.
      filterOptions={(all, state) => {
        const typed = state.inputValue.trim().toLowerCase();
        return typed ? all.filter((o) => o.toLowerCase().includes(typed)).slice(0, 50) : [];
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.id}
          label={props.label}
          error={Boolean(props.error)}
          helperText={props.error ?? occupationHelp(props.branch, { optional: Boolean(props.optional), listed })}
        />
      )}
    />
  );
}
