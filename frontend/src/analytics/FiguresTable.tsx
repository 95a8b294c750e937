import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

interface FiguresTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}

/** A chart's figures as a plain table: a caption, one header row, one row per point. */
export function FiguresTable({ caption, columns, rows }: FiguresTableProps) {
  return (
    <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0 } }}>
      <caption>{caption}</caption>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} scope="col" component="th">
              {column}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <TableCell key={j} component="th" scope="row">
                  {cell}
                </TableCell>
              ) : (
                <TableCell key={j}>{cell}</TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
