import { useEffect, useRef, useState } from 'react';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

const SCRIPT = 'https://accounts.google.com/gsi/client';

/**
 * Google's own sign-in button (SPEC §7), loaded only when the site has a client id: the script
 * comes from Google after hydration (the CSP allows exactly it then) and hands back an ID token.
 */
export function GoogleButton({
  clientId,
  onCredential,
  onError,
}: {
  clientId: string;
  onCredential: (idToken: string) => void;
  onError: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onCredential, onError });
  callbacks.current = { onCredential, onError };
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const render = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (!google || !ref.current) return;
      google.accounts.id.initialize({
        client_id: clientId,
        callback: (response) => {
          // SPEC §8: a callback without a credential goes to the error handler.
          if (response.credential) callbacks.current.onCredential(response.credential);
          else callbacks.current.onError();
        },
      });
      google.accounts.id.renderButton(ref.current, {
        theme: 'outline',
        size: 'large',
        width: 320,
        text: 'signin_with',
      });
    };
    if ((window as unknown as { google?: GoogleIdentity }).google) return render();
    let script = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = SCRIPT;
      script.async = true;
      document.head.append(script);
    }
    const fail = () => setFailed(true);
    script.addEventListener('load', render);
    script.addEventListener('error', fail);
    return () => {
      script?.removeEventListener('load', render);
      script?.removeEventListener('error', fail);
    };
  }, [clientId]);

  return (
    <div className="flex min-h-11 flex-col items-center">
      <div ref={ref} />
      {failed ? <p className="text-sm text-slate-500">Google sign-in could not load.</p> : null}
    </div>
  );
}

/** "or" between the Google button and the e-mail form. */
export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
