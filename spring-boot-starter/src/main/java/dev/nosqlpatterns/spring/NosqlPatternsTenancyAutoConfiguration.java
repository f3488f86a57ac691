package dev.nosqlpatterns.spring;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Many tenants, when {@code nosqlpatterns.tenancy.model} is set: a {@link Tenants} bean over the application's
 * {@link Store}, a {@link TenantStores} bean that hands out the current tenant's store, and in servlet
 * applications a {@link TenantResolver} that reads the tenant from the header {@code nosqlpatterns.tenancy.header}.
 */
@AutoConfiguration(after = NosqlPatternsAutoConfiguration.class)
@ConditionalOnProperty(prefix = "nosqlpatterns.tenancy", name = "model")
public class NosqlPatternsTenancyAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(Tenants.class)
    @ConditionalOnBean(Store.class)
    Tenants nosqlPatternsTenants(Store store, NosqlPatternsProperties properties) {
        NosqlPatternsProperties.TenancySettings settings = properties.tenancy();
        TenancyModel model;
        try {
            model = TenancyModel.valueOf(settings.model().trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("nosqlpatterns.tenancy.model '" + settings.model() + "' is not one of "
                    + Arrays.toString(TenancyModel.values()).toLowerCase(Locale.ROOT), e);
        }
        if (model == TenancyModel.SILO) {
            throw new IllegalArgumentException("nosqlpatterns.tenancy.model 'silo' needs a store per tenant: define a"
                    + " Tenants bean with Tenants.builder(control).model(SILO).silos(id -> ...) instead");
        }
        return Tenants.builder(store).model(model).registryTable(settings.registryTable())
                .handleLease(settings.handleLease()).build();
    }

    @Bean
    @ConditionalOnMissingBean(TenantStores.class)
    @ConditionalOnBean({Tenants.class, TenantResolver.class})
    TenantStores nosqlPatternsTenantStores(Tenants tenants, TenantResolver resolver) {
        return new TenantStores(tenants, resolver);
    }

    /** The tenant from a request header, in servlet applications. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass({RequestContextHolder.class, HttpServletRequest.class})
    static class FromRequestHeader {
        @Bean
        @ConditionalOnMissingBean(TenantResolver.class)
        TenantResolver nosqlPatternsTenantResolver(NosqlPatternsProperties properties) {
            String header = properties.tenancy().header();
            return () -> {
                RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
                if (!(attributes instanceof ServletRequestAttributes servlet)) {
                    return Optional.empty();
                }
                return Optional.ofNullable(servlet.getRequest().getHeader(header)).map(String::trim)
                        .filter(t -> !t.isEmpty());
            };
        }
    }
}
