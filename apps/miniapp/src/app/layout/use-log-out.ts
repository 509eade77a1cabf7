import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useSession } from '../../shared/session/session';

/** Log out asks first (spec §2): 'Вы уверены, что хотите выйти?' — 'Выйти' / 'Остаться'. */
export function useLogOut() {
  const session = useSession();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  return {
    asking,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    confirm: async () => {
      setAsking(false);
      await session.signOut();
      void navigate(paths.login(), { replace: true });
    },
  };
}
