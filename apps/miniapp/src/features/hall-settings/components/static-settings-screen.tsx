import '../hall-settings.css';
import {
  COMMENT_LIMITS,
  type Org,
  OrgCreateBody,
  RESTAURANT_LIMITS,
  RestaurantComments,
  SuperSetup,
} from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { restaurantsQueryOptions } from '../../../shared/restaurants/get-restaurants';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { Field } from '../../../shared/ui/field';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import {
  commentsQuery,
  createOrg,
  orgsQuery,
  saveComments,
  saveSuperSetup,
  staticKeys,
  superSetupQuery,
} from '../api/static-content-api';
import { checkWith, type FieldMessages } from '../form-check';
import { CheckField, Panel, SaveBar, SectionHeader, useSave } from './settings-form';
import { TimeZonePicker } from './time-zone-picker';

/**
 * Settings → 'Тексты и ссылки': the static-content service's parts that are texts (see README). The
 * restaurant's preset comments for its managers; for superusers also the super setup of the
 * installation and its restaurants (orgs), and the way to the global alert (set on the style page).
 */
export function StaticSettingsScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  const { me } = useSession();
  return (
    <div className="hall-settings">
      <SectionHeader titleKey="pages.settingsStatic" hint={t('hallSettings.static.hint')} />
      <CommentsPanel restaurantId={restaurantId} />
      {me?.is_superuser ? (
        <>
          <AlertElsewhere restaurantId={restaurantId} />
          <SuperSetupPanel />
          <OrgsPanel />
        </>
      ) : null}
    </div>
  );
}

function CommentsPanel({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const comments = useQuery(commentsQuery(restaurantId));
  return (
    <Panel title={t('hallSettings.static.commentsTitle')} hint={t('hallSettings.static.commentsHint')}>
      {comments.isPending ? (
        <ListSkeleton rows={2} />
      ) : comments.isError ? (
        <ErrorState messageKey="errors.loadInfo" onRetry={() => void comments.refetch()} />
      ) : (
        <CommentsEditor restaurantId={restaurantId} saved={comments.data.comments} />
      )}
    </Panel>
  );
}

interface DraftComment {
  key: number;
  text: string;
}

function CommentsEditor({ restaurantId, saved }: { restaurantId: number; saved: string[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [list, setList] = useState<DraftComment[]>(() => saved.map((text, key) => ({ key, text })));
  const [nextKey, setNextKey] = useState(saved.length);
  const saving = useSave((comments: string[]) => saveComments(restaurantId, comments), {
    onSaved: (reply) => {
      queryClient.setQueryData(staticKeys.comments(restaurantId), reply);
      setList(reply.comments.map((text, key) => ({ key: nextKey + key, text })));
      setNextKey(nextKey + reply.comments.length);
    },
  });
  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(RestaurantComments, { comments: list.map((c) => c.text) }, t);
    if (!checked.ok) return saving.refuse(checked.fields);
    saving.save(checked.data.comments);
  };
  const full = list.length >= COMMENT_LIMITS.count;
  return (
    <form className="form" onSubmit={save} noValidate>
      {list.length === 0 ? (
        <p className="hall-settings__empty">{t('hallSettings.static.noComments')}</p>
      ) : null}
      <ol className="hall-comments">
        {list.map((comment, index) => (
          <li key={comment.key} className="hall-comments__row">
            <Field
              label={t('hallSettings.static.comment', { number: index + 1 })}
              value={comment.text}
              error={saving.fields[`comments.${index}`]}
              maxLength={COMMENT_LIMITS.text}
              autoComplete="off"
              onChange={(event) =>
                setList(list.map((c) => (c.key === comment.key ? { ...c, text: event.target.value } : c)))
              }
            />
            <button
              type="button"
              className="button button--plain hall-danger"
              aria-label={t('hallSettings.static.removeComment', { number: index + 1 })}
              onClick={() => setList(list.filter((c) => c.key !== comment.key))}
            >
              {t('hallSettings.delete')}
            </button>
          </li>
        ))}
      </ol>
      <div className="hall-settings__toolbar">
        <button
          type="button"
          className="button button--secondary"
          disabled={full}
          onClick={() => {
            setList([...list, { key: nextKey, text: '' }]);
            setNextKey(nextKey + 1);
          }}
        >
          {t('hallSettings.static.addComment')}
        </button>
        {full ? (
          <p className="field__hint">
            {t('hallSettings.static.commentsFull', { max: COMMENT_LIMITS.count })}
          </p>
        ) : null}
      </div>
      <SaveBar
        pending={saving.pending}
        outcome={saving.outcome}
        label={t('hallSettings.static.saveComments')}
      />
    </form>
  );
}

/** The global alert is set on the style page (its own feature); this page says where. */
function AlertElsewhere({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('hallSettings.static.alertTitle')} hint={t('hallSettings.static.alertHint')}>
      <Link
        className="button button--secondary hall-settings__link"
        to={paths.settingsSection(restaurantId, 'style')}
      >
        {t('hallSettings.static.alertOpen')}
      </Link>
    </Panel>
  );
}

function SuperSetupPanel() {
  const { t } = useTranslation();
  const setup = useQuery(superSetupQuery());
  return (
    <Panel title={t('hallSettings.static.setupTitle')} hint={t('hallSettings.static.setupHint')}>
      {setup.isPending ? (
        <ListSkeleton rows={1} />
      ) : setup.isError ? (
        <ErrorState messageKey="errors.loadInfo" onRetry={() => void setup.refetch()} />
      ) : (
        <SuperSetupForm saved={setup.data} />
      )}
    </Panel>
  );
}

function SuperSetupForm({ saved }: { saved: SuperSetup }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [testStand, setTestStand] = useState(saved.test_stand);
  const [mainHost, setMainHost] = useState(saved.main_host ?? '');
  const saving = useSave((body: SuperSetup) => saveSuperSetup(body), {
    onSaved: (reply) => {
      queryClient.setQueryData(staticKeys.superSetup(), reply);
      setMainHost(reply.main_host ?? '');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(SuperSetup, { test_stand: testStand, main_host: mainHost.trim() || null }, t);
    if (!checked.ok) return saving.refuse(checked.fields);
    saving.save(checked.data);
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <CheckField
        label={t('hallSettings.static.testStand')}
        hint={t('hallSettings.static.testStandHint')}
        checked={testStand}
        onChange={setTestStand}
      />
      <Field
        label={t('hallSettings.static.mainHost')}
        hint={t('hallSettings.static.mainHostHint')}
        value={mainHost}
        error={saving.fields.main_host}
        maxLength={253}
        autoComplete="off"
        inputMode="url"
        placeholder="stolik.example.com"
        onChange={(event) => setMainHost(event.target.value)}
      />
      <SaveBar pending={saving.pending} outcome={saving.outcome} />
    </form>
  );
}

function OrgsPanel() {
  const { t } = useTranslation();
  const orgs = useQuery(orgsQuery());
  return (
    <Panel title={t('hallSettings.static.orgsTitle')} hint={t('hallSettings.static.orgsHint')}>
      {orgs.isPending ? (
        <ListSkeleton rows={2} />
      ) : orgs.isError ? (
        <ErrorState messageKey="errors.loadInfo" onRetry={() => void orgs.refetch()} />
      ) : orgs.data.length === 0 ? (
        <p className="hall-settings__empty">{t('list.empty')}</p>
      ) : (
        <ul className="hall-list">
          {orgs.data.map((org) => (
            <OrgRow key={org.id} org={org} />
          ))}
        </ul>
      )}
      <OrgForm />
    </Panel>
  );
}

function OrgRow({ org }: { org: Org }) {
  const { t } = useTranslation();
  return (
    <li className="hall-row hall-row--compact" data-testid="org-row">
      <div className="hall-row__main">
        <div className="hall-row__what">
          <span className="hall-row__name">{org.name}</span>
          <span className="hall-row__meta">
            {t('hallSettings.static.orgSummary', {
              id: org.id,
              timezone: org.timezone,
              tables: org.tables,
              zones: org.zones,
              members: org.members,
            })}
          </span>
        </div>
      </div>
    </li>
  );
}

function OrgForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState('Europe/Moscow');
  const [hasBookings, setHasBookings] = useState(true);
  const saving = useSave((body: OrgCreateBody) => createOrg(body), {
    onSaved: () => {
      setName('');
      void queryClient.invalidateQueries({ queryKey: staticKeys.orgs() });
      void queryClient.invalidateQueries({ queryKey: restaurantsQueryOptions().queryKey, exact: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(OrgCreateBody, { name, timezone, has_bookings: hasBookings }, t);
    if (!checked.ok) return saving.refuse(checked.fields);
    saving.save(checked.data);
  };
  const errors: FieldMessages = saving.fields;
  return (
    <form className="hall-settings__subform form" onSubmit={submit} noValidate>
      <h4 className="hall-settings__subtitle">{t('hallSettings.static.newOrg')}</h4>
      <Field
        label={t('hallSettings.restaurant.name')}
        value={name}
        error={errors.name}
        maxLength={RESTAURANT_LIMITS.name}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <TimeZonePicker value={timezone} onChange={setTimezone} error={errors.timezone} />
      <CheckField
        label={t('hallSettings.restaurant.hasBookings')}
        checked={hasBookings}
        onChange={setHasBookings}
      />
      <SaveBar pending={saving.pending} outcome={saving.outcome} label={t('hallSettings.static.createOrg')} />
    </form>
  );
}
