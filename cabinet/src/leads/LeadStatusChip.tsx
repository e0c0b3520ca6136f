import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Lead } from '../types';
import { STATUS_COLOURS } from './choices';

export function LeadStatusChip() {
  const lead = useRecordContext<Lead>();
  if (!lead) return null;
  return <Chip size="small" color={STATUS_COLOURS[lead.status]} label={lead.statusName} />;
}
