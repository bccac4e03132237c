import {
  GeneralSettings,
  pagePath,
  SELLER_CURRENCIES,
  TfaCodeBody,
  type TfaEnableAnswer,
  UTC_OFFSET_MAX,
  UTC_OFFSET_MIN,
} from '@printloom/core';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { Link, useSearchParams } from 'react-router';
import {
  useDisableTfa,
  useEnableTfa,
  useGeneralSettings,
  useSaveGeneralSettings,
} from '../../api/hooks/useAccountSettings.js';
import { useConfirmTfa, useMe } from '../../api/hooks/useAuth.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';
import { RecoveryCodes } from './RecoveryCodes.js';

const TABS = [
  { id: 'general', label: 'General' },
  { id: '2fa', label: 'Two-factor authentication' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Every offset a seller may pick, in quarter hours. */
const OFFSETS = Array.from(
  { length: (UTC_OFFSET_MAX - UTC_OFFSET_MIN) * 4 + 1 },
  (_, i) => UTC_OFFSET_MIN + i / 4,
).filter((offset) => Number.isInteger(offset * 2) || [5.75, 8.75, 12.75].includes(offset));

/** "UTC+05:30" for 5.5. */
export function offsetLabel(offset: number): string {
  const sign = offset < 0 ? '−' : '+';
  const minutes = Math.round(Math.abs(offset) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/**
 * General settings (spec §2 /settings/general): time zone (every date of the dashboard is shown
 * in it), currency, where the API keys are, and the two-factor tab (`?current_tab=2fa`).
 */
export function GeneralSettingsPage() {
  const title = usePageTitle();
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('current_tab') === '2fa' ? '2fa' : 'general';
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <Nav variant="tabs" className="mb-4" activeKey={tab}>
        {TABS.map((t) => (
          <Nav.Item key={t.id}>
            <Nav.Link
              eventKey={t.id}
              href={`?current_tab=${t.id}`}
              onClick={(event) => {
                event.preventDefault();
                setParams({ current_tab: t.id });
              }}
            >
              {t.label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {tab === '2fa' ? <TwoFactorTab /> : <GeneralTab />}
    </>
  );
}

function GeneralTab() {
  const settings = useGeneralSettings();
  if (settings.isPending) {
    return (
      <p className="text-body-secondary" role="status">
        Loading settings…
      </p>
    );
  }
  if (settings.isError) return <FormError error={settings.error} />;
  return (
    <>
      <SettingsForm initial={settings.data} />
      <section className="card card-body mt-4" style={{ maxWidth: 560 }}>
        <h2 className="h5">API key</h2>
        <p className="mb-2">
          Scripts, CI jobs and <code>printloom</code> workers act for this account with an API key.
          A key is shown once, when it is created; the list shows each key's first characters.
        </p>
        <div>
          <Link className="btn btn-outline-primary" to={pagePath('api_keys')}>
            Manage API keys
          </Link>
        </div>
      </section>
    </>
  );
}

function SettingsForm({ initial }: { initial: GeneralSettings }) {
  const save = useSaveGeneralSettings();
  const offsetId = useId();
  const currencyId = useId();
  const { form, formError } = useApiForm({
    schema: GeneralSettings,
    defaultValues: initial,
    serverError: save.error,
  });
  const submit = form.handleSubmit((values) => save.mutate(values));
  return (
    <Form className="card card-body" style={{ maxWidth: 560 }} onSubmit={submit} noValidate>
      <FormError error={formError} />
      {save.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          Settings saved.
        </div>
      ) : null}
      <Form.Group className="mb-3" controlId={offsetId}>
        <Form.Label>Time zone</Form.Label>
        <Form.Select
          {...form.register('utc_offset', { valueAsNumber: true })}
          isInvalid={fieldError(form, 'utc_offset') !== undefined}
        >
          {OFFSETS.map((offset) => (
            <option key={offset} value={offset}>
              {offsetLabel(offset)}
            </option>
          ))}
        </Form.Select>
        <Form.Text>Every date of the dashboard is shown in this time zone.</Form.Text>
        <Form.Control.Feedback type="invalid">
          {fieldError(form, 'utc_offset')}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={currencyId}>
        <Form.Label>Currency</Form.Label>
        <Form.Select
          {...form.register('currency')}
          isInvalid={fieldError(form, 'currency') !== undefined}
        >
          {SELLER_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{fieldError(form, 'currency')}</Form.Control.Feedback>
      </Form.Group>
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </Form>
  );
}

/** Authenticator apps show the code as "123 456"; the spaces are not part of it. */
const withoutSpaces = (value: string) => value.replace(/\s/g, '');

function TwoFactorTab() {
  const me = useMe();
  const enable = useEnableTfa();
  const [setup, setSetup] = useState<TfaEnableAnswer | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!me) return null;
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (me.tfa_enable && me.tfa_confirm) return <DisableTfa />;
  if (setup) {
    return (
      <ConfirmTfa
        setup={setup}
        onConfirmed={(recovery) => {
          setSetup(null);
          setCodes(recovery);
        }}
      />
    );
  }
  return (
    <section style={{ maxWidth: 560 }}>
      <p>
        Two-factor authentication is <strong>off</strong>. With it on, signing in also asks for a
        code from an authenticator app on your phone.
      </p>
      <FormError error={enable.error} />
      <Button
        disabled={enable.isPending}
        onClick={() => enable.mutate(undefined, { onSuccess: setSetup })}
      >
        Set up two-factor authentication
      </Button>
    </section>
  );
}

function ConfirmTfa({
  setup,
  onConfirmed,
}: {
  setup: TfaEnableAnswer;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmTfa();
  const [qr, setQr] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 200 }).then(
      (url) => live && setQr(url),
      () => live && setQrFailed(true),
    );
    return () => {
      live = false;
    };
  }, [setup.otpauth_url]);
  const { form, formError } = useApiForm({
    schema: TfaCodeBody,
    defaultValues: { code: '' },
    serverError: confirm.error,
  });
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, { onSuccess: (answer) => onConfirmed(answer.recovery_codes) }),
  );
  const error = fieldError(form, 'code');
  return (
    <section style={{ maxWidth: 560 }}>
      <h2 className="h5">1. Scan the code with your authenticator app</h2>
      {qr ? (
        <img src={qr} width={200} height={200} alt="QR code of the two-factor secret" />
      ) : qrFailed ? null : (
        <p role="status">Drawing the QR code…</p>
      )}
      <p className="small mt-2">
        Or enter this secret by hand: <code data-testid="tfa-secret">{setup.secret}</code>
      </p>
      <h2 className="h5 mt-4">2. Enter the code the app shows</h2>
      <Form onSubmit={submit} noValidate>
        <FormError error={formError} />
        <Form.Group className="mb-3" controlId="tfa-setup-code">
          <Form.Label>Code</Form.Label>
          <Form.Control
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.register('code', { setValueAs: withoutSpaces })}
            isInvalid={error !== undefined}
            aria-describedby={error !== undefined ? 'tfa-setup-code-error' : undefined}
            style={{ maxWidth: 200 }}
          />
          <Form.Control.Feedback type="invalid" id="tfa-setup-code-error">
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" disabled={confirm.isPending}>
          Turn on
        </Button>
      </Form>
    </section>
  );
}

function DisableTfa() {
  const disable = useDisableTfa();
  const { form, formError } = useApiForm({
    schema: TfaCodeBody,
    defaultValues: { code: '' },
    serverError: disable.error,
  });
  const submit = form.handleSubmit(({ code }) => disable.mutate(code));
  const error = fieldError(form, 'code');
  return (
    <section style={{ maxWidth: 560 }}>
      <p>
        Two-factor authentication is <strong>on</strong>. To turn it off, enter a current code from
        your authenticator app.
      </p>
      <Form onSubmit={submit} noValidate>
        <FormError error={formError} />
        <Form.Group className="mb-3" controlId="tfa-disable-code">
          <Form.Label>Code</Form.Label>
          <Form.Control
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.register('code', { setValueAs: withoutSpaces })}
            isInvalid={error !== undefined}
            style={{ maxWidth: 200 }}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" variant="danger" disabled={disable.isPending}>
          Turn off
        </Button>
      </Form>
    </section>
  );
}
