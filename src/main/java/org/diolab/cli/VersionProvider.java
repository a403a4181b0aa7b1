package org.diolab.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports the version from the jar manifest, or "dev" when run from classes. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {LightCommands.version()};
    }
}
