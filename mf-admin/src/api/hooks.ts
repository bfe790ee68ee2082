import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { AdminRootState } from './adminStore';

export type AdminDispatch = ThunkDispatch<AdminRootState, unknown, UnknownAction>;

export const useAdminDispatch = useDispatch.withTypes<AdminDispatch>();
export const useAdminSelector = useSelector.withTypes<AdminRootState>();
