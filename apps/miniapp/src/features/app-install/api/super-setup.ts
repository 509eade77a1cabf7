import type { SuperSetup } from '@stolik/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';

/**
 * The installation's super setup (the superuser sets it on the static settings page): whether this
 * is a test stand, and the main host where the app offers to be installed. Public: the app needs
 * it before anyone signs in.
 */
const getSuperSetup = (signal?: AbortSignal) =>
  load<SuperSetup>('/api/static/super-setup/', { signal, auth: false });

export const superSetupQueryOptions = () =>
  queryOptions({
    queryKey: ['super-setup'],
    queryFn: ({ signal }) => getSuperSetup(signal),
    staleTime: 5 * 60_000,
    retry: 2,
  });

export const useSuperSetup = () => useQuery(superSetupQueryOptions());
