package io.chronohook;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The Chronohook backend: the public REST API and, with the scheduler role, the scheduling pipeline. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ChronohookApplication {

    public static void main(String[] args) {
        SpringApplication.run(ChronohookApplication.class, args);
    }
}
