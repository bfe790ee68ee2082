import { Component, Suspense, lazy, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Loading } from '@shop/storefront-ui';
import { t } from '../i18n';
import { loadRemoteDefault } from './remotes';
import type { ModuleName, RemoteName, RemotePageOwner, RemoteProps } from './remoteTypes';
import styles from './RemoteArea.module.css';

interface BoundaryProps {
  area: string;
  children: ReactNode;
  /** Resets the boundary when the page changes, so one broken page does not stick. */
  resetKey?: string;
  /** Try again: the owner draws the area anew (a failed remote load was forgotten, see remoteLazy). */
  onRetry?: () => void;
}

/** Catches a remote that fails to load or throws while rendering: only its own area shows the fallback. */
export class AreaBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.area} area failed`, error, info.componentStack);
  }

  private readonly retry = (): void => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className={styles.fallback} role="alert">
        {/* A class (an error boundary has no hooks): in the page's language, as the rest of the page. */}
        <h2>{t('area.takingABreak')}</h2>
        <p>{t('area.couldNotLoad', { area: this.props.area })}</p>
        {/* Tries this area again, not the whole page over a phone's network. */}
        <button type="button" className={styles.retry} onClick={this.retry}>
          {t('area.tryAgain')}
        </button>
      </section>
    );
  }
}

/** A loaded remote component, kept by id beside others; RemoteArea's props give each its own type. */
type AnyRemoteComponent = ComponentType<Record<string, unknown>>;

const cache = new Map<string, AnyRemoteComponent>();
/** Remote modules already loaded: drawn at once, with no loading state in between. */
const ready = new Map<string, AnyRemoteComponent>();

function load(remote: string, module: string): Promise<{ default: AnyRemoteComponent }> {
  return (loadRemoteDefault(remote, module) as Promise<{ default: AnyRemoteComponent }>).then((loaded) => {
    ready.set(`${remote}/${module}`, loaded.default);
    return loaded;
  });
}

/**
 * Loads a remote module before the first render, so the page is drawn complete in one step: used
 * when the page arrived drawn by the gateway, whose copy stays on screen until then.
 */
export async function preloadRemoteArea(remote: string, module: string): Promise<void> {
  await load(remote, module);
}

/** One lazy component per remote module; one that failed to load is forgotten, so the next visit tries again. */
function remoteLazy(remote: string, module: string): AnyRemoteComponent {
  const key = `${remote}/${module}`;
  let component = ready.get(key) ?? cache.get(key);
  if (!component) {
    component = lazy(() =>
      load(remote, module).catch((error: unknown) => {
        cache.delete(key);
        throw error;
      }),
    );
    cache.set(key, component);
  }
  return component;
}

type AreaOptions = {
  /** How the area is named to a shopper in the fallback ('catalogue'). */
  area: string;
  resetKey?: string;
  fallback?: ReactNode;
};

/** The props a remote module takes, as its remote publishes them: optional when it needs none. */
type PropsOf<R extends RemoteName, M extends ModuleName<R>> =
  Record<string, never> extends RemoteProps<R, M> ? { props?: RemoteProps<R, M> } : { props: RemoteProps<R, M> };

/** A page or widget that lives in a remote, with its own loading state and error boundary; its props are the module's own. */
export function RemoteArea<R extends RemoteName, M extends ModuleName<R>>(
  area: AreaOptions & { remote: R; module: M } & PropsOf<R, M>,
): JSX.Element;
/** A page of the page table drawn by a remote (a page module takes no props). */
export function RemoteArea(area: AreaOptions & RemotePageOwner): JSX.Element;
// One function under both faces (types only, nothing added to the shell's start-up code).
export function RemoteArea({
  remote,
  module,
  area,
  resetKey,
  fallback,
  props,
}: AreaOptions & { remote: string; module: string; props?: unknown }): JSX.Element {
  // Try again draws this component anew, and so looks the remote up again.
  const [, setAttempt] = useState(0);
  // Looked up on every render (a map lookup): after a failed load the boundary's reset renders a fresh lazy component.
  const Loaded = remoteLazy(remote, module);
  return (
    <AreaBoundary area={area} resetKey={resetKey} onRetry={() => setAttempt((attempt) => attempt + 1)}>
      <Suspense fallback={fallback === undefined ? <Loading tall /> : fallback}>
        <Loaded {...(props as object | undefined)} />
      </Suspense>
    </AreaBoundary>
  );
}
