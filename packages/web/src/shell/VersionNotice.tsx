import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useVersion } from '../api/hooks/useVersion.js';
import { NEW_VERSION_ACTION, NEW_VERSION_MESSAGE } from '../constants.js';
import { isNewVersion } from './versionNotice.js';

/** 'A new version is available!' once the polled version differs from the first one seen. */
export function VersionNotice() {
  const { data } = useVersion();
  const [first, setFirst] = useState<string | null>(null);
  useEffect(() => {
    if (first === null && data) setFirst(data);
  }, [data, first]);
  if (!isNewVersion(first, data ?? null)) return null;
  return (
    <div
      className="alert alert-info d-flex align-items-center justify-content-between rounded-0 mb-0 py-2"
      role="status"
      data-testid="version-notice"
    >
      <span>{NEW_VERSION_MESSAGE}</span>
      <Button size="sm" variant="primary" onClick={() => window.location.reload()}>
        {NEW_VERSION_ACTION}
      </Button>
    </div>
  );
}
