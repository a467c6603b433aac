import com.sun.tools.attach.VirtualMachine;

/**
 * Loads async-profiler's agent into a running JVM with one command ({@code start,event=cpu},
 * {@code stop,file=...}); {@code jcmd JVMTI.agent_load} cannot pass them, it reads every
 * {@code key=value} as an option of its own. {@code bench/profile.sh} compiles it once and runs
 * {@code java -cp DIR ProfilerAttach PID LIBRARY COMMAND}.
 */
public class ProfilerAttach {
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: java -cp DIR ProfilerAttach PID LIBRARY COMMAND");
            System.exit(2);
        }
        VirtualMachine vm = VirtualMachine.attach(args[0]);
        try {
            vm.loadAgentPath(args[1], args[2]);
        } finally {
            vm.detach();
        }
    }
}
