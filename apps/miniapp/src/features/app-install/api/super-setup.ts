import type { SuperSetup } from '@stolik/contracts';
import { useEffect, useState } from 'react';
import { load } from '../../../shared/api/load';

/**
 * The installation's super setup (the superuser sets it on the static settings page): whether this
 * is a test stand, and the main host where the app offers to be installed. Public: the app needs
 * it before anyone signs in, on every page (the test-stand warning), so it is asked without the
 * query cache, which /login does not load (issue #21): once per page load, as it changes rarely.
 */
const getSuperSetup = () => load<SuperSetup>('/api/static/super-setup/', { auth: false });

/** Tries after the first: a second, then two more (as the query cache did). */
const RETRY_DELAYS_MS = [1000, 2000];

let asked: Promise<SuperSetup> | null = null;
let known: SuperSetup | undefined;

async function askWithRetries(): Promise<SuperSetup> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await getSuperSetup();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return getSuperSetup();
}

function askSuperSetup(): Promise<SuperSetup> {
  asked ??= askWithRetries().then(
    (setup) => {
      known = setup;
      return setup;
    },
    (error: unknown) => {
      // Not known: the next screen that needs it asks again.
      asked = null;
      throw error;
    },
  );
  return asked;
}

export function useSuperSetup(): { data: SuperSetup | undefined; isSuccess: boolean } {
  const [data, setData] = useState(known);
  useEffect(() => {
    if (data) return;
    let shown = true;
    askSuperSetup().then(
      (setup) => {
        if (shown) setData(setup);
      },
      () => {},
    );
    return () => {
      shown = false;
    };
  }, [data]);
  return { data, isSuccess: data !== undefined };
}

/** Forgets what was asked: the tests' setup, so that each test's server is asked afresh. */
export function forgetSuperSetup(): void {
  asked = null;
  known = undefined;
}
