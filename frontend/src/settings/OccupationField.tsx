import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { loadMilitaryOccupations, occupationLabel, type MilitaryOccupation } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';

/**
 * The MOS fields: a pick list of the branch's occupations where public data has one (the Army's),
 * always accepting free text, so an unlisted or other branch's occupation can still be typed.
 */
export function OccupationField(props: {
  id: string;
  label: string;
  branch: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint: string;
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
          helperText={
            props.error ?? (listed ? `${props.hint}. Type a code or title to pick from the list, or write your own.` : props.hint)
          }
        />
      )}
    />
  );
}
