import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown over the page while a dialog's code loads (its chunk is fetched the first time it opens). */
export function DialogLoading() {
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <CircularProgress aria-label="Loading…" />
    </Backdrop>
  );
}
