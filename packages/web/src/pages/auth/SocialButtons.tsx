import { SOCIAL_PROVIDER_NAMES, socialErrorMessage, socialStartLink } from '@printloom/core';
import { useLocation } from 'react-router';
import { useSocialProviders } from '../../api/hooks/useSocial.js';

/**
 * "Continue with Google / Facebook" (spec §6) on login and register: one full-page link per
 * provider the server is configured for, none otherwise. A sign-in the provider sent back with
 * `?social_error=` shows why it ended.
 */
export function SocialButtons() {
  const { search } = useLocation();
  const providers = useSocialProviders().data?.providers ?? [];
  const error = socialErrorMessage(new URLSearchParams(search).get('social_error'));
  return (
    <>
      {error ? (
        <div className="alert alert-danger py-2" role="alert" data-testid="social-error">
          {error}
        </div>
      ) : null}
      {providers.length > 0 ? (
        <div className="mt-3" data-testid="social-buttons">
          <div className="text-center text-body-secondary small mb-2">or</div>
          {providers.map((provider) => (
            <a
              key={provider}
              className="btn btn-outline-secondary w-100 mb-2"
              href={socialStartLink('', provider, 'login')}
            >
              Continue with {SOCIAL_PROVIDER_NAMES[provider]}
            </a>
          ))}
        </div>
      ) : null}
    </>
  );
}
